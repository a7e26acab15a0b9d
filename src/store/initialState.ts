// A store's first state, computed from its options alone before the store exists (as xyflow's
// initialState.ts does): nothing here reads a store or starts work. What that state waits for, its
// engine or its schedule from the background, starts once the store is made (rebuild.ts, begin).

import { preparesInBackground } from './background/background';
import { DEFAULT_CONFIG, fitDevicesPerNode } from './config';
import { configFor, loadedScheduleName, SHARED_NAME } from './loadedSchedule';
import { noticeAppender, type NoticeDraft } from './notices';
import { fitPreset } from './preset';
import { deriveHere, preparingState, saidOnceKnown, settledState, type Showing, type ShownState } from './shownState';
import { clockOf, type SimState, type SimStoreOptions } from './simState';
import { StepReader } from './stepReader';

/** The first schedule a store shows, and why its preset was left (null where it was not). */
export interface Opening extends Showing {
  problem: string | null;
}

/**
 * What a store opens with: a linked schedule in place of the algorithm, the step asked for, and the
 * configuration with its preset kept only where it takes the devices. Once the schedule is known, a
 * linked schedule's verdict is said, and so is a step asked for past its end.
 */
export function openingOf(options: SimStoreOptions): Opening {
  const linked = options.schedule ? { name: loadedScheduleName(options.schedule, SHARED_NAME), schedule: options.schedule } : null;
  // A devices per node that cannot divide the devices (the default 8 for 4 devices) is chosen anew.
  const asked = fitDevicesPerNode({ ...DEFAULT_CONFIG, ...options.config });
  const { config, problem } = fitPreset(linked ? configFor(asked, linked.schedule) : asked);
  return { config, custom: linked, step: options.step ?? 0, afterwards: { verdict: true, askedStep: options.step }, problem };
}

/** The schedule shown first: derived here at once, or, where the background prepares it, nothing yet (its notices come with it). */
function firstShown(opening: Opening, options: SimStoreOptions, startedAt: number): { shown: ShownState; said: NoticeDraft[] } {
  if (options.background && preparesInBackground(opening.config, opening.custom?.schedule ?? null)) {
    return { shown: preparingState(opening, startedAt), said: [] };
  }
  const known = { ...opening, ...deriveHere(opening.config, opening.custom, null) };
  return { shown: settledState(known, startedAt), said: saidOnceKnown(opening.afterwards, opening.custom, known.derived) };
}

/** The state a store opens in, before any action. */
export function initialSimState(opening: Opening, options: SimStoreOptions): SimState {
  const { shown, said } = firstShown(opening, options, clockOf(options)());
  // Notices the page was opened with come first, a preset left last.
  const opened = (options.notices ?? []).map((text): NoticeDraft => ({ level: 'warning', text }));
  const unfit: NoticeDraft[] = opening.problem ? [{ level: 'warning', text: opening.problem }] : [];
  return {
    ...shown,
    measured: null,
    background: options.background ?? null,
    engine: null,
    inspected: null,
    timelineTiming: 'steps',
    sourceMark: null,
    notices: noticeAppender([])([], [...opened, ...said, ...unfit]),
    tracker: new StepReader(),
  };
}
