// Devices per node where the log does not tell them (no hosts in its device list, or hosts holding
// different counts), as the command line's --devices-per-node: the log is fitted anew for them.

import { useMemo } from 'react';
import type { LoadedLog } from '../../store/calibrationSlice';
import { LIMITS } from '../../store/config';
import { NumberField, numberRule, type Parsed } from '../NumberField';
import { useSim } from '../StoreContext';
import { refused } from '../../core/errors';

const wholeNumber = numberRule('devices per node', 1, LIMITS.devicesPerNode.max, { integer: true });

export function DevicesPerNodeField({ loaded }: { loaded: LoadedLog }) {
  const setPerNode = useSim((s) => s.setLogDevicesPerNode);
  const devices = loaded.log.devices;
  const parse = useMemo(
    () =>
      (text: string): Parsed => {
        const parsed = wholeNumber(text);
        if (!parsed.ok || devices === null || devices % parsed.value === 0) return parsed;
        return refused(`devices per node must divide the log's ${devices} devices, got ${parsed.value}`);
      },
    [devices],
  );
  const value = loaded.devicesPerNode ?? loaded.calibration?.shape.devicesPerNode ?? devices ?? 2;
  return (
    <div className="gs-calibration-per-node">
      <NumberField label="devices per node" value={value} step="1" parse={parse} onValid={setPerNode} />
      <span className="gs-calibration-note">
        {loaded.calibration === null
          ? 'needed to fit this log'
          : loaded.devicesPerNode === null
            ? 'not in the log: one node until set'
            : 'not in the log: set here'}
      </span>
    </div>
  );
}
