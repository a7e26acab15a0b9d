// Dataflow timing (dataflowTiming.ts) as a Chrome trace: one track per device port (per device on a
// switch; inside and between nodes apart on nodes), on it every message the port sends as a complete
// event over its time on the port (a port sends one message at a time, so these never overlap, as
// the viewers need), and every message it receives as an instant where it lands. Steps overlap here,
// so each event names its step. Streamed like the step-by-step trace.

import { OP_REDUCE, compileSchedule } from '../schedule/compile';
import { fabricPerTransfer, type Topology } from '../model/cost';
import { dataflowTiming } from '../model/dataflowTiming';
import { deviceLabel } from '../notation';
import type { Schedule } from '../schedule/ir';
import { describeTopology } from '../model/topology';
import { TRACE_PID, ns, stepEventName, toNs, type TraceInfo, type TraceSource } from './trace';
import { chunkBytes } from '../model/traffic';

interface DataflowTraceInfo extends TraceInfo {
  timing: 'dataflow';
  /** The step-by-step model's total, beside totalUs (this timing's). */
  stepTotalUs: number;
}

type DataflowTraceEvent =
  | { ph: 'M'; name: 'process_name' | 'thread_name'; pid: number; tid: number; args: { name: string } }
  | { ph: 'M'; name: 'thread_sort_index'; pid: number; tid: number; args: { sort_index: number } }
  | {
      ph: 'X';
      name: string;
      cat: 'send';
      pid: number;
      tid: number;
      ts: number;
      dur: number;
      args: { step: number; phase: string; to: number; bytes: number; landsUs: number };
    }
  | {
      ph: 'i';
      s: 't';
      name: string;
      cat: 'land';
      pid: number;
      tid: number;
      ts: number;
      args: { step: number; phase: string; from: number; op: 'reduce' | 'copy'; bytes: number };
    };

/** Validates and times the schedule once; `events()` then yields the trace's events. */
export function dataflowTraceSource(schedule: Schedule, elements: number, topology: Topology): TraceSource<DataflowTraceEvent> & { info: DataflowTraceInfo } {
  const timing = dataflowTiming(schedule, elements, topology);
  const compiled = compileSchedule(schedule);
  const { devices, steps, stepStart, src, dst, chunk, op } = compiled;
  const bytesOf = chunkBytes(elements, compiled);
  const fabrics = topology.kind === 'switch' ? 1 : 2;
  const fabricOf = topology.kind === 'switch' ? null : fabricPerTransfer(src, dst, topology.devicesPerNode);
  // The track of device d's port on the fabric transfer t uses (a local operation: the first).
  const track = (d: number, t: number) => d * fabrics + (fabricOf === null ? 0 : fabricOf[t]);
  const trackName = (d: number, f: number) => (fabrics === 1 ? deviceLabel(d) : `${deviceLabel(d)} ${f === 0 ? 'inside its node' : 'between nodes'}`);
  const info: DataflowTraceInfo = {
    algorithm: schedule.algorithm,
    collective: schedule.collective,
    devices,
    elements,
    steps,
    totalUs: toNs(timing.totalUs),
    topology: describeTopology(topology),
    timing: 'dataflow',
    stepTotalUs: toNs(timing.stepTotalUs),
  };

  function* events(): Generator<DataflowTraceEvent> {
    yield { ph: 'M', name: 'process_name', pid: TRACE_PID, tid: 0, args: { name: `gradsync ${schedule.algorithm}, as soon as ready` } };
    for (let tid = 0; tid < devices * fabrics; tid++) {
      yield { ph: 'M', name: 'thread_name', pid: TRACE_PID, tid, args: { name: trackName(Math.floor(tid / fabrics), tid % fabrics) } };
      yield { ph: 'M', name: 'thread_sort_index', pid: TRACE_PID, tid, args: { sort_index: tid } };
    }
    for (let s = 0; s < steps; s++) {
      const phase = schedule.steps[s].phase ?? '';
      const name = stepEventName(phase, s);
      for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
        const bytes = bytesOf[chunk[t]];
        if (bytes === 0) continue;
        const step = s + 1;
        if (src[t] !== dst[t]) {
          // Whole nanoseconds, so that a port's messages, one after the other, stay apart when rounded.
          const startNs = ns(timing.startUs[t]);
          const args = { step, phase, to: dst[t], bytes, landsUs: toNs(timing.endUs[t]) };
          yield { ph: 'X', name, cat: 'send', pid: TRACE_PID, tid: track(src[t], t), ts: startNs / 1000, dur: (ns(timing.sentUs[t]) - startNs) / 1000, args };
        }
        const landed = { step, phase, from: src[t], op: op[t] === OP_REDUCE ? 'reduce' : 'copy', bytes } as const;
        yield { ph: 'i', s: 't', name: `${name} lands`, cat: 'land', pid: TRACE_PID, tid: track(dst[t], t), ts: toNs(timing.endUs[t]), args: landed };
      }
    }
  }

  return { info, events };
}
