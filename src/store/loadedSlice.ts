// A schedule loaded in place of the algorithm (loadedSchedule.ts), and a measured run of the
// schedule shown (measured.ts). A loaded schedule is shown from step 0, and said to be wrong once
// its proof says so.

import { parseScheduleText } from '../core/formats';
import { GradsyncError } from '../core/errors';
import type { Schedule } from '../core/schedule';
import { configFor, loadedScheduleName } from './loadedSchedule';
import { readMeasured } from './measured';
import type { Rebuilder } from './rebuild';
import type { GetSim, SetSim, SimActions } from './simState';

type LoadedActions = Pick<SimActions, 'loadSchedule' | 'showSource' | 'clearCustom' | 'loadMeasured' | 'clearMeasured'>;

export function loadedSlice(set: SetSim, get: GetSim, rebuilder: Rebuilder): LoadedActions {
  return {
    loadSchedule(source, name, text) {
      let schedule: Schedule;
      try {
        schedule = typeof source === 'string' ? parseScheduleText(source) : source;
      } catch (caught) {
        if (!(caught instanceof GradsyncError)) throw caught;
        get().notify('error', `${name}: ${caught.message}`);
        return false;
      }
      const read = typeof source === 'string' ? source : text;
      const custom = { name: loadedScheduleName(schedule, name), schedule, ...(read !== undefined && { text: read }) };
      set({ ...rebuilder.rebuild({ asked: configFor(get().config, schedule), custom, step: 0, afterwards: { verdict: true } }), sourceMark: null });
      return true;
    },
    showSource(mark) {
      set({ sourceMark: mark });
    },
    clearCustom() {
      set({ ...rebuilder.rebuild({ asked: get().config, custom: null, step: 0 }), sourceMark: null });
    },
    loadMeasured(text, name) {
      const read = readMeasured(text, name, get().derived?.schedule ?? null);
      if (!read.ok) return read.reason;
      set({ measured: read.measured });
      return null;
    },
    clearMeasured() {
      set({ measured: null });
    },
  };
}
