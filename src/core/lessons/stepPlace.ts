// Where a lesson's figure stands in its schedule, in words a reader of the screen or the printed
// handout understands without the app: before the first step, or after a step and in which phase.

import { phaseLabel } from '../narration/narration';
import type { Schedule } from '../schedule/ir';

/** "Before step 1 of 6" at the start, "After step 2 of 6 · share-reduce" once steps have played. */
export function stepPlace(schedule: Pick<Schedule, 'steps'>, step: number): string {
  const steps = schedule.steps.length;
  if (step <= 0) return steps > 0 ? `Before step 1 of ${steps}` : 'No steps to play';
  const played = Math.min(step, steps);
  const phase = phaseLabel(schedule.steps[played - 1].phase ?? '');
  return `After step ${played} of ${steps}${phase ? ` · ${phase}` : ''}`;
}
