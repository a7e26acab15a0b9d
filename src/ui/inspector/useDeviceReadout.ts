// Everything the inspector works out for one device at the shown step: what each chunk holds and
// must hold, and — once the store has read the buffers back — how the values compare.

import { useMemo } from 'react';
import { chunkOffsets, compileSchedule, type Schedule } from '../../core/schedule';
import { isRangeOnce, members, expectedHolding, combinationFor, type Combination } from '../../core/symbolic';
import type { ReduceOp } from '../../core/ops';
import type { Readout } from '../../store/simStore';
import { checkDevice, type DeviceCheck } from './deviceCheck';
import { useDeviceContributions, type DeviceContributions } from './useDeviceContributions';
import { deviceVerdict, resultNoun, type Required, type Verdict } from './verdict';

export interface DeviceReadout {
  offsets: Int32Array;
  contributions: DeviceContributions;
  termsPerChunk: (number[] | null)[];
  required: (Required | null)[];
  how: Combination;
  /** What the op makes of the contributions: "sum", "maximum", … ("value" for copy-only collectives). */
  noun: string;
  atEnd: boolean;
  /** null while the values are being read. */
  values: { device: Float32Array; inputs: Float32Array; verdict: Verdict; flagged: number[] } | null;
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo }, (_, i) => lo + i);
}

export function useDeviceReadout(schedule: Schedule, op: ReduceOp, elements: number, device: number, step: number, readout: Readout | null): DeviceReadout {
  const { devices, chunks, collective } = schedule;
  const steps = schedule.steps.length;
  const atEnd = step >= steps;
  const offsets = useMemo(() => chunkOffsets(elements, chunks), [elements, chunks]);
  const required = useMemo(() => {
    const compiled = compileSchedule(schedule);
    return Array.from({ length: chunks }, (_, c) => expectedHolding(collective, compiled, device, c));
  }, [schedule, chunks, collective, device]);
  const how = useMemo(() => combinationFor(op, collective, devices), [op, collective, devices]);
  const contributions = useDeviceContributions(schedule, op, device, step);
  // A place nothing was written to yet (an empty output, where chunks move between places) has nothing to check.
  const termsPerChunk = useMemo(() => contributions.sets.map((set) => (set.length === 0 ? null : members(set))), [contributions]);

  const ready =
    readout !== null && readout.step === Math.min(step, steps) && readout.values.length === devices * elements && readout.inputs.length === devices * elements;
  const values = useMemo(() => {
    if (!ready) return null;
    const own = readout.values.subarray(device * elements, (device + 1) * elements);
    const current = checkDevice(own, readout.inputs, elements, offsets, termsPerChunk, how);
    let final: DeviceCheck | null = null;
    if (atEnd) {
      const requiredTerms = required.map((r) => (r ? range(r.lo, r.hi) : null));
      final = checkDevice(own, readout.inputs, elements, offsets, requiredTerms, how);
    }
    const completeChunks = required.filter((r, c) => r !== null && isRangeOnce(contributions.sets[c], r.lo, r.hi)).length;
    const verdict = deviceVerdict({
      device,
      devices,
      step,
      steps,
      op,
      collective,
      elements,
      sets: contributions.sets,
      required,
      current,
      final,
      completeChunks,
    });
    return { device: own, inputs: readout.inputs, verdict, flagged: (final ?? current).differingChunks };
  }, [ready, readout, device, devices, elements, offsets, termsPerChunk, how, atEnd, required, contributions, step, steps, op, collective]);

  return { offsets, contributions, termsPerChunk, required, how, noun: resultNoun(op, collective), atEnd, values };
}
