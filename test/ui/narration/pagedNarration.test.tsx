// @vitest-environment jsdom
// The narration of an embedded figure keeps its height: as many whole sentences as its box holds,
// the rest page by page, none shown twice; the minimal figure's lines hold what fits and count the
// rest. jsdom lays nothing out, so the box's heights are given here: a box of `room` px whose content
// is a heading and its sentences, each `line` px.

import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { narrateStep, openingSentence } from '../../../src/core/narration';
import { NarrationLine } from '../../../src/ui/narration/NarrationLine';
import { NarrationPanel } from '../../../src/ui/narration/NarrationPanel';
import { showWithStore } from '../showWithStore';

const restore: (() => void)[] = [];
afterEach(() => {
  while (restore.length) restore.pop()!();
});

/** Gives every element of `className` a height of `room` px and content of `heading` px plus `line` px for each of its `items`. */
function layOut(className: string, items: string, room: number, heading: number, line: number): void {
  const proto = HTMLElement.prototype;
  const scroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!;
  const client = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains(className) ? Math.max(room, heading + line * this.querySelectorAll(items).length) : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains(className) ? room : 0;
    },
  });
  restore.push(() => {
    delete (proto as { scrollHeight?: number }).scrollHeight;
    delete (proto as { clientHeight?: number }).clientHeight;
    Object.defineProperty(Element.prototype, 'scrollHeight', scroll);
    Object.defineProperty(Element.prototype, 'clientHeight', client);
  });
}

const narration = () => screen.getByRole('region', { name: 'Narration' });
const shown = () => Array.from(narration().querySelectorAll('li'), (li) => li.textContent);
const pager = () => within(narration()).getByRole('group', { name: /^transfers? / });

describe('the paged narration of an embedded figure', () => {
  it('shows the sentences its box holds and turns pages for the rest, each sentence once', () => {
    layOut('gs-narration', 'li', 200, 40, 50);
    showWithStore(<NarrationPanel paged />, { algorithm: 'ring', devices: 8 }, 1);
    const all = narrateStep(buildSchedule({ algorithm: 'ring', devices: 8 }), 0).sentences;
    expect(shown()).toEqual(all.slice(0, 3));
    expect(pager().getAttribute('aria-label')).toBe('transfers 1–3 of 8');
    const seen = [...shown()];
    for (let page = 0; page < 2; page++) {
      fireEvent.click(within(pager()).getByRole('button', { name: 'More transfers' }));
      seen.push(...shown());
    }
    expect(seen).toEqual(all);
    expect(pager().getAttribute('aria-label')).toBe('transfers 7–8 of 8');
    expect(within(pager()).getByRole('button', { name: 'More transfers' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pager()).getByRole('button', { name: 'Earlier transfers' }));
    expect(shown()).toEqual(all.slice(3, 6));
  });

  it('shows a whole step at once where it fits, with no pages', () => {
    layOut('gs-narration', 'li', 400, 40, 50);
    showWithStore(<NarrationPanel paged />, { algorithm: 'ring', devices: 4 }, 2);
    expect(shown()).toEqual(narrateStep(buildSchedule({ algorithm: 'ring', devices: 4 }), 1).sentences);
    expect(within(narration()).queryByRole('group')).toBeNull();
  });

  it('pages a step of a million transfers eight at a time where nothing is laid out, counting them all', () => {
    showWithStore(<NarrationPanel paged />, { algorithm: 'naive', devices: 1024 }, 1);
    expect(shown()).toEqual(Array.from({ length: 8 }, (_, i) => `GPU-0 sends g0₁ to GPU-${i + 1}, where it gets added to g${i + 1}₁.`));
    expect(pager().getAttribute('aria-label')).toBe('transfers 1–8 of 1,047,552');
    expect(narration().textContent).not.toMatch(/Show all|Show the first/);
  });
});

describe('the narration lines of a minimal figure', () => {
  it('hold as many whole sentences of the step as fit, and count the rest', () => {
    layOut('gs-narration-line', '.gs-narration-line-text', 70, 0, 30);
    showWithStore(<NarrationLine />, { algorithm: 'double-tree', devices: 8 }, 1);
    const step = narrateStep(buildSchedule({ algorithm: 'double-tree', devices: 8 }), 0);
    const line = screen.getByRole('status', { name: 'Narration' });
    expect(Array.from(line.querySelectorAll('.gs-narration-line-text'), (span) => span.textContent)).toEqual(step.sentences.slice(0, 2));
    expect(line.textContent).toBe(`${step.phaseLabel} ${step.sentences.slice(0, 2).join(' ')} +${step.sentences.length - 2} more ›`);
    // The count is a button: the next sentences come in the same lines, and the last page leads back.
    act(() => void fireEvent.click(screen.getByRole('button', { name: `+${step.sentences.length - 2} more ›` })));
    expect(Array.from(line.querySelectorAll('.gs-narration-line-text'), (span) => span.textContent)).toEqual(step.sentences.slice(2, 4));
    while (screen.queryByRole('button', { name: /more ›$/ })) act(() => void fireEvent.click(screen.getByRole('button', { name: /more ›$/ })));
    act(() => void fireEvent.click(screen.getByRole('button', { name: '‹ from the first' })));
    expect(Array.from(line.querySelectorAll('.gs-narration-line-text'), (span) => span.textContent)).toEqual(step.sentences.slice(0, 2));
  });

  it('open with the whole opening sentence', () => {
    showWithStore(<NarrationLine />, { algorithm: 'double-tree', devices: 8 }, 0);
    expect(screen.getByRole('status', { name: 'Narration' }).textContent).toBe(openingSentence(8, 8, 4));
  });
});
