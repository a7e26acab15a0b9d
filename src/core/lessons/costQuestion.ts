// Cost questions in the manner of a worked problem: "ring all-reduce on 8 GPUs, 1 GiB on each, 100 GB/s
// per port, 5 µs per step: how long does it take? Is it latency- or bandwidth-bound? What changes with
// double-tree?" Every answer is the α-β model's (core/model/cost.ts) on one switch, and its working is
// the model's own sum written out with the numbers in it:
//   t = S·α + V/B,  S the steps that move bytes, V the bytes through the busiest port, step by step.

import { compileAlgorithm, specOf } from '../algorithms';
import { GradsyncError } from '../errors';
import { modelCost } from '../model/cost';
import { BYTES_PER_ELEMENT } from '../model/traffic';
import { formatBytes, formatCount, formatMicroseconds, formatPercent, formatTimes, plural } from '../units';

export interface CostSetup {
  algorithm: string;
  devices: number;
  /** Bytes of gradients on each GPU: whole f32 elements. */
  bytes: number;
  /** α: µs per step that moves bytes. */
  latencyUs: number;
  /** B: GB/s per port (GB = 10⁹ bytes). */
  bandwidthGBs: number;
  /** hierarchical-ring's G. */
  devicesPerNode?: number;
  /** An all-reduce algorithm to hold against it: "What changes with double-tree?" */
  versus?: string;
}

export interface CostPart {
  question: string;
  answer: string;
  /** The formula, then the numbers put in, line by line. */
  working: string[];
}

export interface CostQuestion {
  setup: CostSetup;
  /** The problem's statement: what runs, on how much, over what. */
  prompt: string;
  parts: CostPart[];
}

/** Steps of one busiest-port load, in the order they first come. */
interface StepGroup {
  steps: number;
  portBytes: number;
}

/** One algorithm priced: the model's sum taken apart. */
interface Priced {
  algorithm: string;
  /** Steps that move bytes (S). */
  steps: number;
  /** S·α. */
  latencyUs: number;
  /** V/B. */
  bandwidthUs: number;
  totalUs: number;
  /** V: bytes through the busiest port, summed over the steps. */
  portBytes: number;
  groups: StepGroup[];
}

/** Groups spelled out one by one in the working; more are summed. */
const SPELLED_GROUPS = 3;

function elementsOf(bytes: number): number {
  if (!Number.isSafeInteger(bytes) || bytes <= 0 || bytes % BYTES_PER_ELEMENT !== 0) {
    throw new GradsyncError('bad-argument', `the bytes per GPU must be a positive multiple of ${BYTES_PER_ELEMENT} (whole f32 elements), got ${bytes}`);
  }
  return bytes / BYTES_PER_ELEMENT;
}

function price(setup: CostSetup, algorithm: string): Priced {
  const takesNodes = specOf({ collective: 'allreduce', algorithm })?.takesDevicesPerNode === true;
  // Flat arrays, not objects: ring on 1024 GPUs has two million transfers.
  const { schedule } = compileAlgorithm({ algorithm, devices: setup.devices, ...(takesNodes ? { devicesPerNode: setup.devicesPerNode } : {}) });
  const cost = modelCost(schedule, elementsOf(setup.bytes), { kind: 'switch', latencyUs: setup.latencyUs, bandwidthGBs: setup.bandwidthGBs });
  const groups: StepGroup[] = [];
  let steps = 0;
  let latencyUs = 0;
  let portBytes = 0;
  for (let s = 0; s < cost.stepTimesUs.length; s++) {
    if (cost.stepTimesUs[s] === 0) continue;
    const bytes = cost.traffic.stepPortBytes[s];
    steps++;
    latencyUs += cost.stepLatencyUs[s];
    portBytes += bytes;
    const group = groups.find((g) => g.portBytes === bytes);
    if (group) group.steps++;
    else groups.push({ steps: 1, portBytes: bytes });
  }
  return { algorithm, steps, latencyUs, bandwidthUs: cost.totalUs - latencyUs, totalUs: cost.totalUs, portBytes, groups };
}

const alpha = (setup: CostSetup) => `${setup.latencyUs.toLocaleString('en-US')} µs`;
const bandwidth = (setup: CostSetup) => `${setup.bandwidthGBs.toLocaleString('en-US')} GB/s`;

/** "V = 14 × 128 MiB = 1.75 GiB", or the range where the steps carry many different loads. */
function volumeLine(priced: Priced): string {
  const total = formatBytes(priced.portBytes);
  if (priced.groups.length > SPELLED_GROUPS) {
    const loads = priced.groups.map((g) => g.portBytes);
    return `V = ${total}, ${formatBytes(Math.min(...loads))} to ${formatBytes(Math.max(...loads))} a step`;
  }
  const terms = priced.groups.map((g) => `${formatCount(g.steps)} × ${formatBytes(g.portBytes)}`).join(' + ');
  return priced.groups.length === 1 && priced.groups[0].steps === 1 ? `V = ${total}` : `V = ${terms} = ${total}`;
}

function timeWorking(setup: CostSetup, priced: Priced): string[] {
  return [
    't = S·α + V/B (S steps that move bytes; V bytes through the busiest port)',
    `${priced.algorithm} on ${formatCount(setup.devices)} GPUs: S = ${formatCount(priced.steps)}, ${volumeLine(priced)}`,
    `t = ${formatCount(priced.steps)} × ${alpha(setup)} + ${formatBytes(priced.portBytes)} ÷ ${bandwidth(setup)}`,
    `= ${formatMicroseconds(priced.latencyUs)} + ${formatMicroseconds(priced.bandwidthUs)} = ${formatMicroseconds(priced.totalUs)}`,
  ];
}

function boundBy(priced: Priced): 'latency' | 'bandwidth' {
  return priced.latencyUs > priced.bandwidthUs ? 'latency' : 'bandwidth';
}

function boundPart(setup: CostSetup, priced: Priced): CostPart {
  const bound = boundBy(priced);
  const latency = formatMicroseconds(priced.latencyUs);
  const bytes = formatMicroseconds(priced.bandwidthUs);
  const share = formatPercent(Math.min(priced.latencyUs, priced.bandwidthUs) / priced.totalUs);
  const why =
    bound === 'latency'
      ? `its ${plural(priced.steps, 'step')} cost ${latency} of latency; the bytes take only ${bytes} (${share} of the time)`
      : `moving the bytes takes ${bytes}; the latency of its ${plural(priced.steps, 'step')} only ${latency} (${share} of the time)`;
  return {
    question: 'Is it latency- or bandwidth-bound?',
    answer: `${bound === 'latency' ? 'Latency' : 'Bandwidth'}-bound: ${why}.`,
    working: [
      `latency: S·α = ${formatCount(priced.steps)} × ${alpha(setup)} = ${latency}`,
      `bandwidth: V/B = ${formatBytes(priced.portBytes)} ÷ ${bandwidth(setup)} = ${bytes}`,
      `${bound === 'latency' ? `${latency} > ${bytes}` : `${bytes} > ${latency}`}: ${bound}-bound`,
    ],
  };
}

/** "1.28× as long as ring (18.9 ms)" or "3.10× faster than ring (18.9 ms)". */
function against(priced: Priced, base: Priced): string {
  const ratio = priced.totalUs / base.totalUs;
  const how = ratio >= 1 ? `${formatTimes(ratio)} as long as` : `${formatTimes(1 / ratio)} faster than`;
  return `${how} ${base.algorithm} (${formatMicroseconds(base.totalUs)})`;
}

function versusPart(setup: CostSetup, base: Priced, other: Priced): CostPart {
  const steps = other.steps === base.steps ? `the same ${plural(other.steps, 'step')}` : `${plural(other.steps, 'step')} instead of ${formatCount(base.steps)}`;
  const bytes =
    other.portBytes === base.portBytes
      ? `its busiest port carries the same ${formatBytes(other.portBytes)}`
      : `its busiest port carries ${formatBytes(other.portBytes)} instead of ${formatBytes(base.portBytes)}`;
  const bound = boundBy(other) === boundBy(base) ? `it is ${boundBy(other)}-bound too` : `it is ${boundBy(other)}-bound`;
  return {
    question: `What changes with ${other.algorithm}?`,
    answer: `${other.algorithm} takes ${formatMicroseconds(other.totalUs)}, ${against(other, base)}: ${steps}, ${bytes}; ${bound}.`,
    working: timeWorking(setup, other),
  };
}

/** The problem's statement in words: "ring all-reduce on 8 GPUs, 1.00 GiB of gradients on each, …". */
function promptOf(setup: CostSetup): string {
  const nodes =
    setup.devicesPerNode !== undefined && specOf({ collective: 'allreduce', algorithm: setup.algorithm })?.takesDevicesPerNode
      ? ` in nodes of ${setup.devicesPerNode}`
      : '';
  return `${setup.algorithm} all-reduce on ${formatCount(setup.devices)} GPUs${nodes}, ${formatBytes(setup.bytes)} of gradients on each; every port moves ${bandwidth(setup)} (B) and every step costs ${alpha(setup)} (α).`;
}

/** The question and every part's answer and working; bad settings throw GradsyncError('bad-argument'). */
export function costQuestion(setup: CostSetup): CostQuestion {
  const base = price(setup, setup.algorithm);
  const parts: CostPart[] = [
    { question: 'How long does it take?', answer: `${formatMicroseconds(base.totalUs)}.`, working: timeWorking(setup, base) },
    boundPart(setup, base),
  ];
  if (setup.versus !== undefined) parts.push(versusPart(setup, base, price(setup, setup.versus)));
  const prompt = promptOf(setup);
  return { setup, prompt: `${prompt.charAt(0).toUpperCase()}${prompt.slice(1)}`, parts };
}
