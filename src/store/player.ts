// The player of one simulator: whether it runs through the steps by itself, and the one timer that
// runs it. Its state moves only along the table below, as a d3 transition moves from CREATED to
// ENDED, and the timer is armed exactly while it plays: no step can come after a pause, a step by
// hand, or a change the run does not survive.

import { invariant } from '../core/errors';
import { Lifecycle, type Transitions } from '../core/lifecycle';

/**
 * idle: the picture rests where it was put; playing: the timer shows the next step when it fires;
 * ended: a run reached the last step and stopped there, and nothing has moved the picture since.
 */
export type PlayerState = 'idle' | 'playing' | 'ended';

const PLAYER_TRANSITIONS: Transitions<PlayerState> = {
  idle: ['playing'],
  playing: ['idle', 'ended'],
  // Only a run ends. Playing again starts over; a step by hand or a new schedule leaves the end.
  ended: ['playing', 'idle'],
};

export function playerLife(): Lifecycle<PlayerState> {
  return new Lifecycle<PlayerState>('player', 'idle', PLAYER_TRANSITIONS);
}

export interface PlayerHost {
  setTimer(callback: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  /** Shows the next step and says how long it lasts (ms), or null where there is none: the run ends. */
  advance(): number | null;
  /** The run reached its end by itself (the state is now 'ended'). */
  ended(): void;
}

export class Player {
  readonly #life = playerLife();
  #timer: unknown = null;

  constructor(private readonly host: PlayerHost) {}

  get state(): PlayerState {
    return this.#life.state;
  }

  get playing(): boolean {
    return this.#life.is('playing');
  }

  /** Starts a run whose first step comes after `delayMs`. */
  play(delayMs: number): void {
    this.#life.to('playing');
    this.#arm(delayMs);
  }

  /** Waits `ms` afresh for the next step (the speed changed). */
  retime(ms: number): void {
    invariant(this.#life.is('playing'), `player: only a run can be retimed, not ${this.#life.state}`);
    this.#arm(ms);
  }

  /** Stops a run; the end of one stays the end. */
  pause(): void {
    if (this.#life.is('playing')) this.stop();
  }

  /** Rests where the picture is, whatever came before (a step by hand, a new schedule). */
  stop(): void {
    this.#disarm();
    this.#life.to('idle');
  }

  #arm(ms: number): void {
    this.#disarm();
    this.#timer = this.host.setTimer(this.#tick, ms);
  }

  #disarm(): void {
    if (this.#timer !== null) this.host.clearTimer(this.#timer);
    this.#timer = null;
  }

  readonly #tick = (): void => {
    this.#timer = null;
    const ms = this.host.advance();
    // Showing the step may have stopped the run (a listener that pauses there).
    if (!this.#life.is('playing')) return;
    if (ms !== null) return this.#arm(ms);
    this.#life.to('ended');
    this.host.ended();
  };
}
