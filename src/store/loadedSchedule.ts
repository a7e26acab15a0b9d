// A schedule shown in place of the algorithm (from a file, pasted, or carried by a link or an
// attribute): what it is called, the configuration it is shown with, and what is said when it is
// not a correct collective.

import { compileSchedule, fitElements, type Schedule } from '../core/schedule';
import { LIMITS, type SimConfig } from './config';
import type { Derived } from './derive';

/** What a schedule from a link or an attribute is called when it names no algorithm. */
export const SHARED_NAME = 'shared schedule';

/** Its own algorithm name, else where it came from (a file name, "pasted schedule"). */
export function loadedScheduleName(schedule: Schedule, source: string): string {
  return schedule.algorithm.trim() || source;
}

/** The configuration a loaded schedule is shown with: its collective and device count, and elements it can split. */
export function configFor(config: SimConfig, schedule: Schedule): SimConfig {
  // A schedule that moves chunks between places needs chunks of one length: the nearest K that splits so.
  const elements = fitElements(compileSchedule(schedule), config.elements, LIMITS.elements.max);
  return { ...config, collective: schedule.collective, devices: schedule.devices, elements };
}

/** The warning for a loaded schedule that is not a correct collective; null when it is. */
export function incorrectScheduleWarning(derived: Derived | null | undefined, name: string): string | null {
  const violation = derived?.verification?.ok === false ? derived.verification.violation : null;
  return derived && violation ? `${name} is not a correct ${derived.schedule.collective}: ${violation.message}` : null;
}
