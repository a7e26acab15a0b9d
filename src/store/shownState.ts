// What the store shows of a schedule, as pure functions of what is asked: the schedule derived here
// (or why it cannot be), the state once it is known or while the background prepares it, and what
// is said once it is known. The first state (initialState.ts) and every rebuild (rebuild.ts) use them.

import { GradsyncError } from '../core/errors';
import type { Progress } from './background/background';
import type { SimConfig } from './config';
import { derive, scheduleFor, type Derived } from './derive';
import { incorrectScheduleWarning } from './loadedSchedule';
import type { NoticeDraft } from './notices';
import type { CustomSchedule, Preparing, SimState, Transition } from './simState';

/** What a rebuild says once its schedule is known. */
export interface Afterwards {
  /** Say so when the loaded schedule is not a correct collective (the faults panel says so in full). */
  verdict?: boolean;
  /** The step a link asked for: say so when the schedule ends before it. */
  askedStep?: number;
}

/** A schedule to show: the configuration (its preset fitted), the loaded schedule, the step asked for, and what to say once it is known. */
export interface Showing {
  config: SimConfig;
  custom: CustomSchedule | null;
  step: number;
  afterwards?: Afterwards;
}

/** What a store shows of its schedule; the rest of its state is the views' and the user's. */
export type ShownState = Pick<SimState, 'config' | 'custom' | 'derived' | 'error' | 'preparing' | 'step' | 'transition' | 'player' | 'playing' | 'readout'>;

/** Derives here, at once, keeping the schedule and proof `known` where given; a bad combination is a message. */
export function deriveHere(config: SimConfig, custom: CustomSchedule | null, known: Derived | null): Pick<SimState, 'derived' | 'error'> {
  try {
    return {
      derived: known ? derive(config, known.schedule, known.verification ?? undefined) : derive(config, custom?.schedule ?? scheduleFor(config)),
      error: null,
    };
  } catch (caught) {
    if (!(caught instanceof GradsyncError)) throw caught;
    return { derived: null, error: caught.message };
  }
}

/** Step `step` shown at once (scrubbing, a new schedule). */
function jumpTo(step: number, startedAt: number): Transition {
  return { kind: 'jump', from: step, to: step, startedAt };
}

/** What is being prepared in the background, and how far the work got. */
export function preparingOf({ config, custom }: Pick<Showing, 'config' | 'custom'>, progress: Progress): Preparing {
  return { algorithm: custom?.name ?? config.algorithm, devices: custom?.schedule.devices ?? config.devices, progress };
}

/** The state while the background prepares the schedule: nothing shown, at step 0, the player at rest. */
export function preparingState(showing: Showing, startedAt: number): ShownState {
  return {
    config: showing.config,
    custom: showing.custom,
    derived: null,
    error: null,
    preparing: preparingOf(showing, { stage: 'building' }),
    step: 0,
    transition: jumpTo(0, startedAt),
    player: 'idle',
    playing: false,
    readout: null,
  };
}

/** The state once the schedule is derived (or cannot be): the step asked for, within it, shown at once; the player at rest. */
export function settledState({ config, custom, step, derived, error }: Showing & Pick<SimState, 'derived' | 'error'>, startedAt: number): ShownState {
  const target = derived ? Math.min(step, derived.schedule.steps.length) : 0;
  return {
    config,
    custom,
    derived,
    error,
    preparing: null,
    step: target,
    transition: jumpTo(target, startedAt),
    player: 'idle',
    playing: false,
    readout: null,
  };
}

/** The notices `afterwards` asks for, once the schedule shown with `custom` is known. */
export function saidOnceKnown(afterwards: Afterwards | undefined, custom: CustomSchedule | null, derived: Derived | null): NoticeDraft[] {
  const said: NoticeDraft[] = [];
  const verdict = afterwards?.verdict && custom ? incorrectScheduleWarning(derived, custom.name) : null;
  if (verdict) said.push({ level: 'warning', text: verdict, about: 'verdict' });
  const asked = afterwards?.askedStep;
  if (asked !== undefined && derived && asked > derived.schedule.steps.length) {
    said.push({ level: 'warning', text: `step ${asked} is past the last step (${derived.schedule.steps.length}); showing the end` });
  }
  return said;
}
