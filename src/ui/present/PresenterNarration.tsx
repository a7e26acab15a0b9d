// The narration, large: the step and its phase, then the step's sentences in the seeds' words,
// announced as the step changes. As many as fit the screen are shown at once; a step with more turns
// page by page (N / Page Down, P / Page Up), and the page says which transfers it shows.

import { useEffect, useRef, useState, type RefObject } from 'react';
import { openingSentence, opPreface, planSentence } from '../../core/narration';
import { stepThreadblockTags } from '../../core/schedule';
import { useSim } from '../StoreContext';
import { useEmptyWords } from '../PreparingStatus';
import { useStepStory } from '../useStepStory';
import { PresenterDone } from './PresenterDone';
import { PresenterPager } from './PresenterPager';
import { NEXT_PAGE_KEYS, PREVIOUS_PAGE_KEYS } from './presenterKeys';
import { SentenceText } from '../narration/SentenceText';
import { TYPE_SIZES_EM, useNarrationFit } from './useNarrationFit';
import { useStepArrived } from '../devices/useStepArrived';

/** GPUs whose inputs the opening names. */
const LISTED = 3;

const NEXT_KEYS = new Set(NEXT_PAGE_KEYS);
const PAGE_KEYS = new Set([...NEXT_PAGE_KEYS, ...PREVIOUS_PAGE_KEYS]);

export interface PresenterNarrationProps {
  /** The element whose keys turn the pages. */
  keysFrom: RefObject<HTMLElement | null>;
}

export function PresenterNarration({ keysFrom }: PresenterNarrationProps) {
  const derived = useSim((s) => s.derived);
  const arrived = useStepArrived();
  const step = useSim((s) => s.step);
  const op = useSim((s) => s.config.op);
  const empty = useEmptyWords('Nothing to show.');
  const { story, preparing } = useStepStory(derived?.schedule ?? null, op, step);
  const told = story?.told ?? 0;
  const box = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const fit = useNarrationFit(box, body, story ?? step, told);
  // A step opens on its first page, also when it is shown again (its story is the same object then).
  // Each page turned to starts where the one before ended: a page whose sentences are longer may hold
  // fewer, and then the pages after it start later, never showing a sentence twice.
  const [turned, setTurned] = useState<{ story: typeof story; starts: number[] }>({ story, starts: [0] });
  if (turned.story !== story) setTurned({ story, starts: [0] });
  const starts = turned.story === story ? turned.starts : [0];
  const page = starts.length - 1;
  const from = Math.min(starts[page], Math.max(0, told - 1));
  const pages = page + Math.max(1, Math.ceil((told - from) / fit.perPage));
  const turn = (to: number) => {
    if (to < 0 || to >= pages || to === page) return;
    setTurned({ story, starts: to > page ? [...starts, from + fit.perPage] : starts.slice(0, to + 1) });
  };

  const live = useRef({ turn, page });
  live.current = { turn, page };
  useEffect(() => {
    const element = keysFrom.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !PAGE_KEYS.has(event.key)) return;
      event.preventDefault();
      const { turn: to, page: at } = live.current;
      to(NEXT_KEYS.has(event.key) ? at + 1 : at - 1);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [keysFrom]);

  if (!derived) {
    return (
      <section className="gs-presenter-narration" aria-label="Narration">
        <p>{empty}</p>
      </section>
    );
  }
  const { schedule, verification } = derived;
  const steps = schedule.steps.length;
  const sentences = story?.sentences(from, from + fit.perPage) ?? [];
  // An imported algorithm's sentences say where each transfer runs, as the app's narration does.
  const tags = stepThreadblockTags(schedule, step);
  const textSize = { fontSize: `${TYPE_SIZES_EM[fit.size]}em` };
  return (
    <section ref={box} className="gs-presenter-narration" aria-label="Narration">
      <div ref={body} className="gs-presenter-narration-body">
        <p className="gs-presenter-stepline">
          <span className="gs-presenter-stepno">{step === 0 ? 'Start' : `Step ${step}`}</span>
          <span className="gs-presenter-of"> of {steps}</span>
          {story && (
            <span className="gs-presenter-phase">
              {story.phaseLabel === story.phase ? (
                story.phase
              ) : (
                <>
                  <span className="gs-presenter-phase-part">{story.phaseLabel} ·</span> <span className="gs-presenter-phase-part">{story.phase}</span>
                </>
              )}
            </span>
          )}
        </p>
        <div aria-live="polite" aria-atomic="true">
          {preparing !== null ? (
            <p className="gs-presenter-preparing" role="status">
              Reading the schedule up to step {step}… {Math.floor(preparing * 100)}%
            </p>
          ) : step === 0 || !story ? (
            <p className="gs-presenter-opening" style={textSize}>
              <SentenceText
                text={[
                  openingSentence(schedule.devices, schedule.chunks, LISTED),
                  opPreface(op, schedule.devices),
                  planSentence(schedule),
                  steps === 0 ? 'With one device there is nothing to do.' : 'Press → for the first step.',
                ]
                  .filter(Boolean)
                  .join(' ')}
              />
            </p>
          ) : (
            <ol className="gs-presenter-sentences" style={textSize} start={from + 1}>
              {sentences.map((sentence, i) => {
                const tag = tags?.[from + i] ?? null;
                return (
                  <li key={from + i}>
                    <SentenceText text={sentence} />
                    {tag && <span className="gs-sentence-tag"> {tag}</span>}
                  </li>
                );
              })}
            </ol>
          )}
          {story && story.transfers > sentences.length && (
            <PresenterPager from={from} shown={sentences.length} transfers={story.transfers} unit={story.unit} page={page} pages={pages} onPage={turn} />
          )}
          {step === steps && steps > 0 && <PresenterDone schedule={schedule} verification={verification} arrived={arrived} />}
        </div>
      </div>
    </section>
  );
}
