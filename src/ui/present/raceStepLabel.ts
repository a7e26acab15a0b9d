// What a side's label says: the step whose messages its picture shows, the one under way ("step 2 / 2"
// with its phase), or plainly that the side has not started or is done ("done · 2 steps").

import { plural } from '../format';
import type { SideStage } from './raceClock';

/**
 * The label in parts: `count` is set in bold; `aside` follows after a dot, muted, and is the first
 * to give way where the lane is short of room (a long algorithm name at 1024×768).
 */
export interface StepLabel {
  lead: string;
  count: string;
  tail: string;
  aside: string;
}

/** The label of a side of `steps` steps at `stage`; `phaseOf` names a step's phase (0-based). */
export function raceStepLabel({ stage, step }: SideStage, steps: number, phaseOf: (step: number) => string): StepLabel {
  if (stage === 'under way') return { lead: 'step ', count: String(step + 1), tail: ` / ${steps}`, aside: phaseOf(step) };
  return { lead: stage === 'done' ? 'done' : 'not started', count: '', tail: '', aside: plural(steps, 'step') };
}
