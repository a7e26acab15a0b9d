// The configuration and how the timeline times the schedule: an edit rebuilds what is shown
// (rebuild.ts), keeping the step where the schedule stays and the run where the picture does.

import { shapeKey } from './derive';
import type { Playback } from './playerSlice';
import { leavesFit } from './preset';
import type { Rebuilder } from './rebuild';
import { stepDurationMs, type GetSim, type SetSim, type SimActions } from './simState';

/** Configuration keys that change the schedule shown (with shapeKey, which says when they do). */
const SHAPE_KEYS = ['algorithm', 'devices', 'collective', 'chunks', 'devicesPerNode'] as const;

export function scheduleSlice(set: SetSim, get: GetSim, rebuilder: Rebuilder, { player }: Playback): Pick<SimActions, 'setConfig' | 'setTimelineTiming'> {
  return {
    setConfig(patch) {
      const state = get();
      const config = { ...state.config, ...leavesFit(state.config, patch), ...patch };
      // Picking a different algorithm or shape leaves a loaded schedule behind.
      const leavesCustom = state.custom !== null && SHAPE_KEYS.some((key) => patch[key] !== undefined);
      // A new schedule starts at its beginning; edits of the model, size or engine keep the step.
      const newSchedule = leavesCustom || (state.custom === null && shapeKey(config) !== shapeKey(state.config));
      set(rebuilder.rebuild({ asked: config, custom: leavesCustom ? null : state.custom, step: newSchedule ? 0 : state.step }));
      // A change that keeps the run (speed, latency, bandwidth) keeps it playing, at the new speed.
      if (player.playing) player.retime(stepDurationMs(get()));
    },
    setTimelineTiming(timelineTiming) {
      set({ timelineTiming });
    },
  };
}
