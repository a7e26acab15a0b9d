// The steps a store shows and its player (player.ts): by hand (a step, a seek, to the start or the
// end) or running by itself. A hand on the controls stops a run.

import { Player } from './player';
import type { StoreEngine } from './engineSlice';
import {
  clockOf,
  stepDurationMs,
  totalSteps,
  type GetSim,
  type SetSim,
  type SimActions,
  type SimState,
  type SimStoreOptions,
  type Transition,
} from './simState';

/** The store's player and how it shows a step; the rebuilds stop it where the picture changes. */
export interface Playback {
  readonly player: Player;
  /** The player as the state shows it; set with every move of the player. */
  playerState(): Pick<SimState, 'player' | 'playing'>;
  /** Shows step `to`: a 'step' animates from the current one, a 'jump' does not. */
  go(to: number, kind: Transition['kind']): void;
  /** Rests where the picture is: a hand on the controls stops a run, and leaves the end of one. */
  stop(): void;
}

export function storePlayback(set: SetSim, get: GetSim, engine: StoreEngine, options: SimStoreOptions): Playback {
  const now = clockOf(options);

  function go(to: number, kind: Transition['kind']): void {
    const state = get();
    const target = Math.max(0, Math.min(totalSteps(state), to));
    set({
      step: target,
      transition: { kind, from: state.step, to: target, startedAt: now() },
      readout: state.readout?.step === target ? state.readout : null,
    });
    engine.runner.seek(target);
    engine.refreshReadout();
  }

  const player = new Player({
    setTimer: options.setTimer ?? ((callback, ms) => setTimeout(callback, ms)),
    clearTimer: options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
    advance() {
      const state = get();
      if (state.step >= totalSteps(state)) return null;
      go(state.step + 1, 'step');
      return stepDurationMs(get());
    },
    ended: () => set(playerState()),
  });

  function playerState(): Pick<SimState, 'player' | 'playing'> {
    return { player: player.state, playing: player.playing };
  }

  return {
    player,
    playerState,
    go,
    stop() {
      player.stop();
      set(playerState());
    },
  };
}

type PlayerActions = Pick<SimActions, 'stepForward' | 'stepBack' | 'toStart' | 'toEnd' | 'seek' | 'play' | 'pause' | 'togglePlay'>;

export function playerSlice(set: SetSim, get: GetSim, playback: Playback): PlayerActions {
  const { player, go } = playback;
  return {
    stepForward() {
      playback.stop();
      go(get().step + 1, 'step');
    },
    stepBack() {
      playback.stop();
      go(get().step - 1, 'step');
    },
    toStart() {
      playback.stop();
      go(0, 'jump');
    },
    toEnd() {
      playback.stop();
      go(totalSteps(get()), 'jump');
    },
    seek(step) {
      playback.stop();
      go(step, 'jump');
    },
    play() {
      const state = get();
      if (player.playing || !state.derived) return;
      // From the end a run starts over and shows the start for a step; elsewhere the next step comes at once.
      const atEnd = state.step >= totalSteps(state);
      if (atEnd) go(0, 'jump');
      player.play(atEnd ? stepDurationMs(state) : 0);
      set(playback.playerState());
    },
    pause() {
      player.pause();
      set(playback.playerState());
    },
    togglePlay() {
      if (player.playing) get().pause();
      else get().play();
    },
  };
}
