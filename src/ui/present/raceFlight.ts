// Puts one side's store where the race's clock is (raceClock.ts, sideMoment). Its picture
// (useShownStep) shows a single step forward by letting the messages travel from the transition's
// start for travelMs of the store's step, and only then showing the step they make. So the race sets
// the store's speed so that the travel lasts as long as the step under way does on the clock (for
// ever while the clock stands), and stamps the step forward with the moment the messages set off: at
// any time of the clock, playing or standing, they are as far along as the clock is through the step.

import { stepDurationMs, type SimStore } from '../../store/simStore';
import { travelMs } from '../devices/motion/transferAnimator';
import { canAnimate } from '../devices/useShownStep';
import { stepLengthUs, stepsApplied, type SideMoment } from './raceClock';

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
/** A flight this near its place (share of its way) is left alone: no restart flickers a still picture. */
const WAY_SLACK = 1e-3;
/** How long messages travel while the clock stands (ms): about thirty years, so they stand still. */
const STANDING_TRAVEL_MS = 1e12;
/** Share of a store's step its messages travel (the rest is their landing). */
const TRAVEL_SHARE = travelMs(1000) / 1000;

/** The store speed (steps per second) at which a step's messages travel `travel` ms. */
function speedToTravel(travel: number): number {
  return (1000 * TRAVEL_SHARE) / travel;
}

/**
 * Moves the side's store to `moment` at wall time `nowMs` (the page's clock), with the clock running
 * at `rateUsPerMs`, or standing (null).
 */
export function placeSide(side: ClockSide, moment: SideMoment, rateUsPerMs: number | null, nowMs: number): void {
  const { stage, step, fraction } = moment;
  if (stage !== 'under way' || fraction >= 1 || !canAnimate()) return rest(side.store, stepsApplied(moment), nowMs);
  const travel = rateUsPerMs === null ? STANDING_TRAVEL_MS : Math.max(1, stepLengthUs(side.ends, step) / rateUsPerMs);
  const speed = speedToTravel(travel);
  const { store, clock } = side;
  const retimed = Math.abs(store.getState().config.speed / speed - 1) > 1e-6;
  if (retimed) store.getState().setConfig({ speed });
  const state = store.getState();
  const { kind, from, startedAt } = state.transition;
  const way = (nowMs - startedAt) / travel;
  const slack = Math.max(WAY_SLACK, STAMP_SLACK_MS / travel);
  if (!retimed && state.step === step + 1 && kind === 'step' && from === step && Math.abs(way - fraction) <= slack) return;
  if (state.step !== step) state.seek(step);
  clock.depart(nowMs - fraction * travel, () => store.getState().stepForward());
}

/**
 * At rest on the steps applied; a flight that would still be travelling is cut short (a jump of the
 * clock, a step that landed where the clock stops): the picture shows at once what the clock says.
 */
function rest(store: SimStore, applied: number, nowMs: number): void {
  const state = store.getState();
  const { kind, startedAt } = state.transition;
  const stillTravelling = kind === 'step' && startedAt + travelMs(stepDurationMs(state)) > nowMs + STAMP_SLACK_MS;
  if (state.step !== applied || stillTravelling) state.seek(applied);
}
