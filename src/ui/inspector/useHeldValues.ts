// While the values of a new step are read back, the inspector keeps showing the last ones it had (of
// the same device, with the chunk contents they were checked against), marked as being updated,
// so stepping with the inspector open does not blank the table at every step.

import { useRef } from 'react';
import type { DeviceReadout } from './useDeviceReadout';

export interface HeldValues {
  /** The readout whose values to show: the current one, or the last that had values. */
  data: DeviceReadout;
  values: NonNullable<DeviceReadout['values']>;
  /** True while the shown values are of an earlier step. */
  stale: boolean;
}

export function useHeldValues(data: DeviceReadout, device: number): HeldValues | null {
  const held = useRef<{ device: number; data: DeviceReadout } | null>(null);
  if (data.values) held.current = { device, data };
  const last = held.current;
  // Values of another device or another buffer shape are no stand-in.
  const sameShape = last !== null && last.data.offsets.length === data.offsets.length && last.data.offsets.at(-1) === data.offsets.at(-1);
  if (!last || last.device !== device || !sameShape || !last.data.values) return null;
  return { data: last.data, values: last.data.values, stale: last.data !== data };
}
