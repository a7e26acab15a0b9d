// What the reveal highlights in the devices picture: the answer's transfer (its arrow, or the lit link
// where a step draws links) and the cell it lands in. The picture marks its arrows with data-link and
// data-chunk, its cards with data-device and its cells with data-chunk; a rule over the simulator's
// own root (marked with this exercise's id) picks them out, so nothing inside the picture changes.

import { useEffect, useId, useState, type RefObject } from 'react';
import type { StepQuestion } from '../../core/lessons';

/** Rules for the revealed question under `scope`: only numbers go into the selectors. */
function revealRules(scope: string, question: StepQuestion): string {
  const links = `${scope} .gs-dv-step-links[data-step="${question.step}"]`;
  const arrows = question.transfers.map((t) => `${links} [data-link="${t.src}-${t.dst}"][data-chunk="${t.chunk}"]`);
  // Without arrows (large steps), a link is lit between the two GPUs, named in either order.
  const lit = question.transfers.flatMap((t) => [
    `${links} [data-link="${t.src}-${t.dst}"]:not([data-chunk])`,
    `${links} [data-link="${t.dst}-${t.src}"]:not([data-chunk])`,
  ]);
  const { device, chunk } = question.cell;
  const cell = `${scope} .gs-dv-card[data-device="${device}"] .gs-dv-cell[data-chunk="${chunk}"]`;
  return [
    `${[...arrows, ...lit].join(',\n')} { stroke: var(--gs-quiz); stroke-width: 7px; stroke-opacity: 1; }`,
    `${cell} .gs-dv-cell-bg, ${cell} .gs-dv-cell-edge { stroke: var(--gs-quiz); stroke-width: 4px; }`,
  ].join('\n');
}

/** Marks the panel's simulator root and writes the rules while `question` is revealed. */
export function RevealStyle({ panel, question }: { panel: RefObject<HTMLElement | null>; question: StepQuestion | null }) {
  const id = useId().replace(/[^\w-]/g, '');
  const [root, setRoot] = useState<Element | null>(null);
  useEffect(() => {
    const found = panel.current?.closest('.gs-root') ?? null;
    if (!found) return;
    found.setAttribute('data-quiz-reveal', id);
    setRoot(found);
    return () => found.removeAttribute('data-quiz-reveal');
  }, [panel, id]);
  if (!root || !question) return null;
  return <style>{revealRules(`[data-quiz-reveal="${id}"]`, question)}</style>;
}
