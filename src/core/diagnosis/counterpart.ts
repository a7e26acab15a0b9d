// The built-in schedule a loaded one claims to be: same algorithm id, collective, devices, chunks,
// devices per node and root. A hand-edited ring is then compared with the ring it started from.

import { buildSchedule } from '../algorithms';
import { GradsyncError } from '../errors';
import { rootOf, type Schedule } from '../schedule/ir';

/** The built-in schedule of the same name and shape, or null when no algorithm builds that. */
export function builtInCounterpart(schedule: Schedule): Schedule | null {
  let built: Schedule;
  try {
    built = buildSchedule({
      collective: schedule.collective,
      algorithm: schedule.algorithm,
      devices: schedule.devices,
      chunks: schedule.chunks,
      devicesPerNode: schedule.devicesPerNode,
      root: schedule.root,
    });
  } catch (caught) {
    if (caught instanceof GradsyncError) return null;
    throw caught;
  }
  // Builders ignore options they do not take (a ring has no root), so only what the build carries must agree.
  if (built.devices !== schedule.devices || built.chunks !== schedule.chunks) return null;
  if (built.devicesPerNode !== undefined && built.devicesPerNode !== schedule.devicesPerNode) return null;
  if (built.root !== undefined && built.root !== rootOf(schedule)) return null;
  return built;
}
