// The engine of one store: the runner kept at the step shown (engineRunner.ts), its status and why it
// fell back to the CPU, and the values read back while a device is inspected.

import { preparesInBackground } from './background/background';
import { EngineRunner } from './engineRunner';
import type { AppendNotices } from './notices';
import type { Playback } from './playerSlice';
import { compareOrdersOf } from './orderComparison';
import type { GetSim, SetSim, SimActions, SimStoreOptions } from './simState';

export interface StoreEngine {
  runner: EngineRunner;
  /** Reads the values back for the device inspected, where one is. */
  refreshReadout(): void;
  compareOrders: SimActions['compareOrders'];
}

export function storeEngine(set: SetSim, get: GetSim, options: Pick<SimStoreOptions, 'gpu' | 'background'>, append: AppendNotices): StoreEngine {
  const background = options.background ?? null;
  const runner = new EngineRunner(
    options.gpu ?? null,
    (engine) => {
      const notices = get().notices;
      const reason = engine.fallbackReason;
      set({ engine, notices: append(notices, reason && !notices.some((n) => n.text === reason) ? [{ level: 'info', text: reason }] : []) });
      refreshReadout();
    },
    // The GPU engine's tables of a large schedule are built in the background too.
    background ? (job) => (preparesInBackground(get().config, job.schedule) ? background.planGpu(job.schedule, job.elements) : Promise.resolve()) : undefined,
  );

  function refreshReadout(): void {
    if (get().inspected === null) return;
    void runner.read().then((readout) => {
      if (readout && readout.step === get().step && runner.inputs) set({ readout: { ...readout, inputs: runner.inputs } });
    });
  }

  return { runner, refreshReadout, compareOrders: (ask) => compareOrdersOf(get(), ask, options.gpu ?? null) };
}

export function engineSlice(set: SetSim, engine: StoreEngine, playback: Playback): Pick<SimActions, 'inspect' | 'dispose' | 'compareOrders'> {
  return {
    compareOrders: engine.compareOrders,
    inspect(device) {
      set({ inspected: device, readout: null });
      engine.refreshReadout();
    },
    dispose() {
      if (playback.player.state !== 'idle') playback.stop();
      engine.runner.dispose();
    },
  };
}
