// The model timeline as a Chrome trace (the JSON "trace event format" that Perfetto and
// chrome://tracing open): one process for the run, one thread (track) per device, and per step one
// complete event on every device that sends or receives bytes in it, lasting the step's model time.
// Events are generated from the compiled schedule step by step, so ring on 1024 devices (~2 million
// events) streams without holding every event in memory.

import { compileSchedule } from '../schedule/compile';
import { modelCost, type Topology } from '../model/cost';
import { readMeasuredTrace } from './measuredRun';
import { deviceLabel } from '../notation';
import type { Schedule } from '../schedule/ir';
import { describeTopology } from '../model/topology';
import { chunkBytes } from '../model/traffic';

export const TRACE_PID = 1;
/** A measured run shown beside the model: its own process in the viewer. */
const MEASURED_PID = 2;
const TRACE_COUNTER = 'bytes moved';

interface TraceMetadataEvent {
  ph: 'M';
  name: 'process_name' | 'process_sort_index' | 'thread_name' | 'thread_sort_index';
  pid: number;
  tid: number;
  args: { name: string } | { sort_index: number };
}

export interface TraceStepEvent {
  ph: 'X';
  /** The step's phase and its 1-based number in the run, e.g. "reduce-scatter step 3". */
  name: string;
  cat: string;
  pid: number;
  /** The device. */
  tid: number;
  /** µs from the start of the run. */
  ts: number;
  dur: number;
  args: { step: number; phase: string; bytesSent: number; bytesReceived: number };
}

/** Bytes all transfers of the step move, from the step's start. */
interface TraceCounterEvent {
  ph: 'C';
  name: typeof TRACE_COUNTER;
  pid: number;
  tid: 0;
  ts: number;
  args: { bytes: number };
}

export type TraceEvent = TraceMetadataEvent | TraceStepEvent | TraceCounterEvent;

export interface TraceInfo {
  algorithm: string;
  collective: string;
  devices: number;
  elements: number;
  steps: number;
  totalUs: number;
  topology: string;
}

export interface ChromeTrace {
  traceEvents: TraceEvent[];
  displayTimeUnit: 'ns';
  otherData: TraceInfo;
}

/** Model times in µs, kept to the nanosecond: enough for the viewers and short in JSON. */
export function toNs(us: number): number {
  return Math.round(us * 1000) / 1000;
}

/** Whole nanoseconds, so that rounded steps still tile the run exactly. */
export function ns(us: number): number {
  return Math.round(us * 1000);
}

/** A trace's facts (otherData) and its events in order. */
export interface TraceSource<E = TraceEvent> {
  info: object;
  events(): Generator<E>;
}

/** Validates and costs the schedule once; `events()` then yields the trace's events in order. */
function traceSource(schedule: Schedule, elements: number, topology: Topology): TraceSource & { info: TraceInfo } {
  const compiled = compileSchedule(schedule);
  const cost = modelCost(schedule, elements, topology);
  const { devices, steps, stepStart, src, dst, chunk } = compiled;
  const bytesOf = chunkBytes(elements, compiled);
  const info: TraceInfo = {
    algorithm: schedule.algorithm,
    collective: schedule.collective,
    devices,
    elements,
    steps,
    totalUs: toNs(cost.totalUs),
    topology: describeTopology(topology),
  };

  function* events(): Generator<TraceEvent> {
    yield { ph: 'M', name: 'process_name', pid: TRACE_PID, tid: 0, args: { name: `gradsync ${schedule.algorithm}` } };
    yield { ph: 'M', name: 'process_sort_index', pid: TRACE_PID, tid: 0, args: { sort_index: 0 } };
    for (let d = 0; d < devices; d++) {
      yield { ph: 'M', name: 'thread_name', pid: TRACE_PID, tid: d, args: { name: deviceLabel(d) } };
      yield { ph: 'M', name: 'thread_sort_index', pid: TRACE_PID, tid: d, args: { sort_index: d } };
    }
    const sent = new Float64Array(devices);
    const received = new Float64Array(devices);
    // Devices touched in the current step, each listed once, in order of first appearance.
    const touched = new Int32Array(devices);
    const seen = new Uint8Array(devices);
    let startUs = 0;
    for (let s = 0; s < steps; s++) {
      const phase = schedule.steps[s].phase ?? '';
      const name = stepEventName(phase, s);
      const startNs = ns(startUs);
      const ts = startNs / 1000;
      const dur = (ns(startUs + cost.stepTimesUs[s]) - startNs) / 1000;
      let count = 0;
      const touch = (d: number) => {
        if (seen[d] === 0) {
          seen[d] = 1;
          touched[count++] = d;
        }
      };
      for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
        const bytes = bytesOf[chunk[t]];
        if (bytes === 0) continue;
        if (src[t] === dst[t]) {
          // A local copy or reduce: the device works in this step, and no byte crosses its port.
          touch(src[t]);
          continue;
        }
        sent[src[t]] += bytes;
        received[dst[t]] += bytes;
        touch(src[t]);
        touch(dst[t]);
      }
      if (count > 0) yield { ph: 'C', name: TRACE_COUNTER, pid: TRACE_PID, tid: 0, ts, args: { bytes: cost.traffic.stepBytes[s] } };
      touched.subarray(0, count).sort();
      for (let i = 0; i < count; i++) {
        const d = touched[i];
        yield {
          ph: 'X',
          name,
          cat: phase || 'step',
          pid: TRACE_PID,
          tid: d,
          ts,
          dur,
          args: { step: s + 1, phase, bytesSent: sent[d], bytesReceived: received[d] },
        };
        sent[d] = 0;
        received[d] = 0;
        seen[d] = 0;
      }
      startUs += cost.stepTimesUs[s];
    }
    if (steps > 0) yield { ph: 'C', name: TRACE_COUNTER, pid: TRACE_PID, tid: 0, ts: toNs(startUs), args: { bytes: 0 } };
  }

  return { info, events };
}

/** The whole trace as one object (for small runs; see traceJsonPieces for large ones). */
export function traceEvents(schedule: Schedule, elements: number, topology: Topology): ChromeTrace {
  const source = traceSource(schedule, elements, topology);
  return { traceEvents: [...source.events()], displayTimeUnit: 'ns', otherData: source.info };
}

/** The step name the model gives step `s` (0-based) of phase `phase`; a measured trace names its steps alike. */
export function stepEventName(phase: string, s: number): string {
  return phase === '' ? `step ${s + 1}` : `${phase} step ${s + 1}`;
}

/**
 * The events of a measured run (Chrome trace JSON, as the exported torch program writes it) checked
 * against the schedule (readMeasuredTrace), moved to a process of their own, to be shown beside the
 * model's: each complete event is one step on one device (`tid`), named as the model names it.
 */
export function measuredTraceEvents(json: unknown, schedule: Schedule): TraceEvent[] {
  const out: TraceEvent[] = readMeasuredTrace(json, schedule).map((entry): TraceEvent => {
    if (entry.kind === 'name') return { ph: 'M', name: entry.name, pid: MEASURED_PID, tid: entry.tid, args: { name: entry.label } };
    const s = entry.step - 1;
    const phase = schedule.steps[s].phase ?? '';
    return {
      ph: 'X',
      name: stepEventName(phase, s),
      cat: phase || 'step',
      pid: MEASURED_PID,
      tid: entry.device,
      ts: entry.ts,
      dur: entry.dur,
      args: { step: s + 1, phase, bytesSent: 0, bytesReceived: 0 },
    };
  });
  out.push({ ph: 'M', name: 'process_sort_index', pid: MEASURED_PID, tid: 0, args: { sort_index: 1 } });
  return out;
}

/**
 * The same trace as JSON text in pieces of about `eventsPerPiece` events, one event per line, for
 * writing to a stream or a Blob without building one huge string. Joined, it parses to traceEvents(…),
 * followed by `measured` (a measured run's events, from measuredTraceEvents).
 */
export function traceJsonPieces(
  schedule: Schedule,
  elements: number,
  topology: Topology,
  eventsPerPiece = 4096,
  measured: readonly TraceEvent[] = [],
): Generator<string> {
  return traceSourcePieces(traceSource(schedule, elements, topology), eventsPerPiece, measured);
}

/** Any trace's events, then `measured`, as JSON text in pieces (traceJsonPieces). */
export function* traceSourcePieces(source: TraceSource<object>, eventsPerPiece = 4096, measured: readonly object[] = []): Generator<string> {
  let piece = '{"traceEvents":[';
  let inPiece = 0;
  let first = true;
  const all = function* () {
    yield* source.events();
    yield* measured;
  };
  for (const event of all()) {
    piece += `${first ? '\n' : ',\n'}${JSON.stringify(event)}`;
    first = false;
    if (++inPiece >= eventsPerPiece) {
      yield piece;
      piece = '';
      inPiece = 0;
    }
  }
  yield `${piece}\n],\n"displayTimeUnit":"ns",\n"otherData":${JSON.stringify(source.info)}}\n`;
}
