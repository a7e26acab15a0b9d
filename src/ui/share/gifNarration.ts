// What a recording's frames say under the picture: the sentences the narration panel shows for the
// step, told by src/core/narration from the store's own step tracker; before the first step, the
// panel's opening (the inputs, the buffers, the op's preface), without its hint to press a key.

import { buffersSentence, openingSentence, opPreface, stepStory } from '../../core/narration';
import { compileSchedule, type Schedule } from '../../core/schedule';
import type { SimState } from '../../store/simState';
import type { NarrationBand } from './exportNarration';

/** GPUs whose inputs the opening names, as in the narration panel. */
const LISTED = 4;
/** Rows of the band: a step of more transfers than fit counts the rest on its last row. */
const MAX_ROWS = 6;
const OPENING_ROWS = 3;

/** The band's rows for a recording of `steps`: as many as its busiest step has sentences, within bounds. */
export function narrationRows(schedule: Schedule, steps: readonly number[]): number {
  const { stepStart } = compileSchedule(schedule);
  let most = 0;
  for (const step of steps) if (step > 0) most = Math.max(most, stepStart[step] - stepStart[step - 1]);
  return Math.min(MAX_ROWS, Math.max(OPENING_ROWS, most));
}

/** The narration of the step `state` shows, for a band of `rows` rows. */
export function frameNarration(state: Pick<SimState, 'derived' | 'step' | 'config' | 'tracker'>, rows: number): NarrationBand | undefined {
  const schedule = state.derived?.schedule;
  if (!schedule) return undefined;
  const step = Math.max(0, Math.min(state.step, schedule.steps.length));
  const op = state.config.op;
  if (step === 0) {
    const opening = [openingSentence(schedule.devices, schedule.chunks, LISTED), buffersSentence(compileSchedule(schedule)), opPreface(op, schedule.devices)];
    return { sentences: [opening.filter(Boolean).join(' ')], total: 1, rows };
  }
  const writes = state.tracker.storyWrites(schedule, step);
  if (!writes) return undefined;
  const story = stepStory(schedule, step - 1, writes.writes, writes.transfers, op);
  // No more sentences than rows are ever shown.
  return { sentences: story.sentences(0, rows), total: story.transfers, rows };
}
