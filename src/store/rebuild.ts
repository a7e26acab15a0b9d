// Rebuilds what a store shows when its configuration or loaded schedule changes: derived here at
// once, or prepared in the background with its model and proof following the picture. The engine
// restarts only when it runs something else, and a run stops only where the picture moves.

import { GradsyncError } from '../core/errors';
import type { Schedule } from '../core/schedule';
import type { VerifyResult } from '../core/symbolic';
import { preparesInBackground, type Background, type Progress } from './background/background';
import type { SimConfig } from './config';
import { shapeKey, type Derived } from './derive';
import type { StoreEngine } from './engineSlice';
import type { AppendNotices } from './notices';
import type { Playback } from './playerSlice';
import { fitPreset } from './preset';
import { deriveHere, preparingOf, preparingState, saidOnceKnown, settledState, type Afterwards, type Showing } from './shownState';
import { clockOf, type CustomSchedule, type GetSim, type SetSim, type SimState, type SimStoreOptions } from './simState';

/** A rebuild asked for: the configuration (its preset not yet fitted), the loaded schedule, the step, and what to say once the schedule is known. */
interface Rebuild {
  asked: SimConfig;
  custom: CustomSchedule | null;
  step: number;
  afterwards?: Afterwards;
}

/** A schedule known, or known not to be, for settle. */
interface Known extends Showing {
  derived: Derived | null;
  error: string | null;
  /** The schedule is the one shown before, under another model. */
  sameShape: boolean;
}

export interface Rebuilder {
  /** The state the store moves to (some of it may follow from the background). */
  rebuild(request: Rebuild): Partial<SimState>;
  /**
   * Starts what the first state waits for (initialState.ts): its schedule from the background, or
   * the engine on the one it shows. What that work reports comes after the store is made.
   */
  begin(opening: Showing, initial: SimState): void;
}

interface RebuilderParts {
  options: Pick<SimStoreOptions, 'background' | 'engine' | 'now'>;
  engine: StoreEngine;
  playback: Playback;
  append: AppendNotices;
}

export function storeRebuilder(set: SetSim, get: GetSim, { options, engine: { runner }, playback, append }: RebuilderParts): Rebuilder {
  const background = options.background ?? null;
  const now = clockOf(options);
  /** The engine's job last started, so edits that change only the model do not restart it. */
  let engineKey = '';
  /** Counts rebuilds: an answer from the background for an older one is dropped. */
  let generation = 0;

  /** Runs the engine on the schedule shown, restarted where it ran something else; says whether it restarted. */
  function runEngine({ config, custom }: Showing, derived: Derived | null, step: number, sameShape: boolean): boolean {
    const key = derived ? `${custom ? custom.name : shapeKey(config)}|${config.elements}|${config.op}|${config.backend}` : '';
    const restart = !derived || key !== engineKey || !sameShape;
    engineKey = key;
    if (derived && restart && options.engine !== false)
      void runner.start({ schedule: derived.schedule, elements: config.elements, op: config.op, backend: config.backend }, step);
    else if (!derived) runner.dispose();
    return restart;
  }

  /**
   * The state once the schedule is derived (or cannot be): the step clamped to it, and the engine
   * restarted when it runs something else.
   */
  function settle({ derived, error, sameShape, ...showing }: Known): Partial<SimState> {
    const state = get();
    const shown = settledState({ ...showing, derived, error }, now());
    const restart = runEngine(showing, derived, shown.step, sameShape);
    const keepStep = derived !== null && !restart && shown.step === state.step;
    // The run goes on only where the picture does.
    if (!keepStep) playback.player.stop();
    return {
      ...shown,
      ...(keepStep && { transition: state.transition, readout: state.readout }),
      ...playback.playerState(),
      notices: append(state.notices, saidOnceKnown(showing.afterwards, showing.custom, derived)),
    };
  }

  /** Whatever the background cannot do (it failed to start) is done here after all. */
  function fallBack(mine: number, showing: Showing, known: Derived | null): (caught: unknown) => void {
    return (caught) => {
      if (mine !== generation) return;
      if (caught instanceof GradsyncError) return set(settle({ ...showing, derived: null, error: caught.message, sameShape: false }));
      console.warn(`gradsync: preparing in the background failed (${caught instanceof Error ? caught.message : String(caught)}); preparing here`);
      set(settle({ ...showing, ...deriveHere(showing.config, showing.custom, known), sameShape: known !== null }));
    };
  }

  /** Stops what is shown and asks the background for the schedule; the state settles when it comes, unless rebuilt since. */
  function startPreparing(background: Background, mine: number, showing: Showing): void {
    runner.dispose();
    engineKey = '';
    playback.player.stop();
    const { config, custom, afterwards } = showing;
    const onProgress = (progress: Progress) => {
      if (mine === generation) set({ preparing: preparingOf(showing, progress) });
    };
    // The proof comes after the picture: it completes the schedule still shown, whatever was edited since.
    const onVerified = (verification: VerifyResult, schedule: Schedule) => {
      const state = get();
      if (!state.derived || state.derived.schedule !== schedule) return;
      const proven = { ...state.derived, verification };
      const said = state.custom === custom ? saidOnceKnown(afterwards, custom, proven) : [];
      set({ derived: proven, notices: append(state.notices, said) });
    };
    // The model comes after the picture too, for the configuration still shown (an edit since asks anew).
    const onModelled = (model: Partial<Derived>, schedule: Schedule) => {
      const shown = get().derived;
      if (mine === generation && shown && shown.schedule === schedule) set({ derived: { ...shown, ...model } });
    };
    void background.derive(config, custom?.schedule ?? null, onProgress, onVerified, onModelled).then(
      (derived) => {
        // A proof that came with the schedule is said now; one still to come is said when it comes.
        if (mine === generation) set(settle({ ...showing, derived, error: null, sameShape: false, afterwards: derived.verification ? afterwards : undefined }));
      },
      fallBack(mine, showing, null),
    );
  }

  /**
   * Recomputes what follows from the configuration (or loaded schedule). The schedule and its proof
   * are kept when its shape is unchanged; the engine restarts only when it runs something else. A
   * large schedule is prepared in the background: `preparing` says how far, and the state settles
   * when it is ready (a model-only edit keeps the picture and updates the figures when they come).
   */
  function prepare(showing: Showing): Partial<SimState> {
    const mine = ++generation;
    const current = get();
    const { config, custom } = showing;
    const sameShape = !custom && !current.custom && current.derived !== null && shapeKey(current.config) === shapeKey(config);
    const known = sameShape ? current.derived : null;
    if (!background || !preparesInBackground(config, custom?.schedule ?? null)) {
      return settle({ ...showing, ...deriveHere(config, custom, known), sameShape });
    }
    if (known) {
      void background.model(config, known.schedule).then(
        (model) => {
          const shown = get().derived;
          if (mine === generation && shown) set({ derived: { ...shown, ...model } });
        },
        fallBack(mine, showing, known),
      );
      return settle({ ...showing, derived: known, error: null, sameShape: true });
    }
    startPreparing(background, mine, showing);
    return preparingState(showing, now());
  }

  return {
    /**
     * prepare(…), keeping a measured run only while the schedule it was measured on stays shown, and
     * a machine preset only while it takes the devices (else the model goes on at custom α and B, and says why).
     */
    rebuild({ asked, custom, step, afterwards }) {
      const { config, problem } = fitPreset(asked);
      const current = get();
      const sameSchedule = current.custom === custom && shapeKey(current.config) === shapeKey(config);
      const state = { ...prepare({ config, custom, step, afterwards }), measured: sameSchedule ? current.measured : null };
      return problem ? { ...state, notices: append(state.notices ?? current.notices, [{ level: 'warning', text: problem }]) } : state;
    },
    begin(opening, initial) {
      if (background && initial.preparing) startPreparing(background, ++generation, opening);
      else runEngine(opening, initial.derived, initial.step, false);
    },
  };
}
