// Puts one side's store where the race's clock is. Its picture (useShownStep) shows a single step
// forward by letting the messages travel from the transition's start and only then showing the step
// they make; so the race starts a step's messages while that step is under way on the clock, stamped
// with the moment they must set off to land when it ends, and everywhere else rests on the steps
// finished. The store's step is then the finished one, or the one whose messages are in flight.

import { stepDurationMs, type SimStore } from '../../store/simStore';
import { travelMs } from '../devices/motion/transferAnimator';
import { canAnimate } from '../devices/useShownStep';
import type { SideMoment } from './raceClock';

/**
 * The clock a side's store stamps its step changes with (ms, the page's): the page's own, except while
 * the race starts a flight, when it is the moment the messages set off (perhaps before now, so they
 * show part of their way, as after a pause or a change of speed).
 */
export class DepartureClock {
  #at: number | null = null;

  readonly now = (): number => this.#at ?? performance.now();

  /** Runs `start` (a step forward) with its transition stamped `at`. */
  depart(at: number, start: () => void): void {
    this.#at = at;
    try {
      start();
    } finally {
      this.#at = null;
    }
  }
}

export interface ClockSide {
  store: SimStore;
  /** When each step ends (model µs, raceClock.ts cumulativeEnds). */
  ends: Float64Array;
  /** The clock the store was made with. */
  clock: DepartureClock;
}

/** A flight stamped within this many ms of where it should be is left alone (frame jitter). */
const STAMP_SLACK_MS = 40;

/** Moves the side's store to `moment` at wall time `nowMs` (the page's clock). */
export function placeSide({ store, clock }: ClockSide, { finished, landsInMs }: SideMoment, nowMs: number): void {
  const state = store.getState();
  const travel = travelMs(stepDurationMs(state));
  const { kind, from, startedAt } = state.transition;
  const departsAt = landsInMs === null || !canAnimate() ? null : nowMs + landsInMs - travel;
  if (departsAt !== null && departsAt <= nowMs) {
    // Messages in flight towards step finished + 1, set off at departsAt.
    if (state.step === finished + 1 && kind === 'step' && from === finished && Math.abs(startedAt - departsAt) <= STAMP_SLACK_MS) return;
    if (state.step !== finished) state.seek(finished);
    clock.depart(departsAt, () => store.getState().stepForward());
    return;
  }
  // At rest on the steps finished; a flight that would still be travelling is cut short (a jump of the
  // clock, a pause): the picture shows at once what the clock says.
  const stillTravelling = kind === 'step' && startedAt + travel > nowMs + STAMP_SLACK_MS;
  if (state.step !== finished || stillTravelling) state.seek(finished);
}
