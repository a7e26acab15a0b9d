// Model time of every all-reduce algorithm without building its schedule where the α-β model of
// cost.ts has a cheap exact form (the spec's costForm), so a chart can evaluate 8 algorithms × 40
// points at N = 1024 at once. Every form equals modelCost(buildSchedule(...)) for every K ≥ 0 (up to
// float summation order):
// - whole-buffers (naive, master): (N−1)·K through the busiest port in each fabric, every step.
// - segment-ring (ring): every step moves each of the N segments once, one per port; on a switch the
//   step costs α + ⌈K/N⌉·4/B (segment lengths are ⌊K/N⌋ or ⌈K/N⌉, and some is ⌈K/N⌉ unless N divides K).
//   On nodes of G, the segments crossing nodes in a step are one residue class mod G (O(N) per K).
// - halving-blocks (halving-doubling): aligned blocks of d of the p' = 2^⌊lg N⌋ segments, longest ⌈d·K/p'⌉.
// - folded-exchanges (recursive-doubling): whole buffers, lg p' steps (+ fold and unfold when N is not
//   a power of two).
// - node-rings (hierarchical-ring): 2(G−1) intra steps of ⌈K/G⌉ and 2(N/G−1) inter steps of ⌈K/N⌉,
//   exact when the topology is a switch or nodes of the algorithm's own G.
// - pipelined-trees (tree, double-tree, flat or across nodes): the busiest port of each step over the
//   classes of devices alike in every tree (treeForms.ts), exact on every topology.
// On nodes, halving-blocks and folded-exchanges are evaluated message by message (N per step); an
// algorithm without a form, or a form where it is not exact, compiles its schedule once and reuses it
// for every K. scaleModel.ts evaluates the same forms beyond the schedules' device limit.

import { algorithmName, buildSchedule, findAlgorithm, type CostForm } from '../algorithms';
import { foldPlan, type FoldPlan } from '../algorithms/fold';
import { checkDevices, checkDevicesPerNode, chunksOf } from '../algorithms/options';
import { chunkStart } from '../schedule/chunks';
import { compileSchedule } from '../schedule/compile';
import { checkTopology, topologyUnder, weighedProtocols, type Fabric, type Topology } from './cost';
import { fastest, isPlainTransport } from './transport';
import type { Collective } from '../schedule/ir';
import { BYTES_PER_ELEMENT, checkElements } from './traffic';
import { StepPorts, stepLoads } from './stepLoads';
import { pipelinedTreesModel } from './treeForms';

export interface AllreduceModelRequest {
  algorithm: string;
  devices: number;
  topology: Topology;
  /** The algorithm's default when absent (only tree and double-tree times depend on it). */
  chunks?: number;
  /** hierarchical-ring's G. */
  devicesPerNode?: number;
}

/** Model time in µs of a K-element buffer (K = elements per device). */
export type ModelTime = (elements: number) => number;

/** Intra- and inter-node fabrics; a switch is one node holding every device. */
export interface Fabrics {
  intra: Fabric;
  inter: Fabric;
  perNode: number;
}

function plainFabricsOf(topology: Topology, devices: number): Fabrics {
  if (topology.kind === 'switch') return { intra: topology, inter: topology, perNode: devices };
  return { intra: topology.intra, inter: topology.inter, perNode: topology.devicesPerNode };
}

/** The fabrics under each protocol the topology's transport weighs (one for a plain topology), in weighedProtocols' order. */
export function fabricsOf(topology: Topology, devices: number): Fabrics[] {
  if (isPlainTransport(topology.transport)) return [plainFabricsOf(topology, devices)];
  return weighedProtocols(topology).map((protocol) => plainFabricsOf(topologyUnder(topology, protocol), devices));
}

/** The least of several models at each K (NCCL's order breaks ties, as cost.ts does). */
function fastestOf(models: ModelTime[]): ModelTime {
  return models.length === 1 ? models[0] : (k) => models[fastest(models.map((model) => model(k)))](k);
}

/** One fabric's share of a step: nothing moved costs nothing (as in cost.ts). */
function fabricUs(fabric: Fabric, portElements: number): number {
  return portElements > 0 ? fabric.latencyUs + (portElements * BYTES_PER_ELEMENT) / (fabric.bandwidthGBs * 1e3) : 0;
}

function stepUs(f: Fabrics, intraPort: number, interPort: number): number {
  return Math.max(fabricUs(f.intra, intraPort), fabricUs(f.inter, interPort));
}

const ceilDiv = (a: number, b: number) => Math.ceil(a / b);
const mod = (a: number, n: number) => ((a % n) + n) % n;

function wholeBufferModel(f: Fabrics, devices: number, steps: number): ModelTime {
  const g = f.perNode;
  return (k) => steps * stepUs(f, (g - 1) * k, (devices - g) * k);
}

function ringModel(f: Fabrics, n: number): ModelTime {
  const g = f.perNode;
  const nodes = n / g;
  if (nodes === 1) return (k) => 2 * (n - 1) * fabricUs(f.intra, ceilDiv(k, n));
  return (k) => {
    const q = Math.floor(k / n);
    const r = k - q * n;
    // longIn[ρ]: segments of length q+1 whose index is ≡ ρ (mod G).
    const longIn = new Int32Array(g);
    if (r > 0) for (let t = 0; t < n; t++) if (chunkStart(t + 1, k, n) - chunkStart(t, k, n) > q) longIn[t % g]++;
    // In a step, device i sends segment σ(i); the transfers leaving a node are i ≡ G−1, whose segments
    // form one class ρ mod G: q+1 on the inter port iff ρ holds a long one, on the intra port iff another does.
    const at = (rho: number) => stepUs(f, g > 1 ? (r - longIn[rho] > 0 ? q + 1 : q) : 0, longIn[rho] > 0 ? q + 1 : q);
    let total = 0;
    for (let s = 0; s < n - 1; s++) total += at(mod(g - 1 - s, g)) + at(mod(-s, g));
    return total;
  };
}

function halvingDoublingSwitch(f: Fabrics, n: number): ModelTime {
  const plan = foldPlan(n);
  return (k) => {
    let total = plan.folded > 0 ? 2 * fabricUs(f.intra, k) : 0;
    for (let d = 1; d < plan.ranks; d *= 2) total += 2 * fabricUs(f.intra, ceilDiv(d * k, plan.ranks));
    return total;
  };
}

function hierarchicalRingModel(f: Fabrics, n: number, g: number): ModelTime {
  const nodes = n / g;
  return (k) => 2 * (g - 1) * fabricUs(f.intra, ceilDiv(k, g)) + 2 * (nodes - 1) * fabricUs(f.inter, ceilDiv(k, n));
}

/** Steps given as messages (src, dst, elements), their busiest ports found as stepLoads finds them. */
class MessageSteps {
  private readonly ports: StepPorts;
  total = 0;

  constructor(
    private readonly f: Fabrics,
    devices: number,
  ) {
    this.ports = new StepPorts(devices, 2);
  }

  send(src: number, dst: number, elements: number): void {
    const fabric = Math.floor(src / this.f.perNode) === Math.floor(dst / this.f.perNode) ? 0 : 1;
    this.ports.send(src, dst, fabric, elements * BYTES_PER_ELEMENT);
  }

  endStep(): void {
    const [intra, inter] = this.ports.busiest;
    this.total += stepUs(this.f, intra / BYTES_PER_ELEMENT, inter / BYTES_PER_ELEMENT);
    this.ports.endStep();
  }
}

function foldedMessages(f: Fabrics, n: number, k: number, inner: (steps: MessageSteps, plan: FoldPlan) => void): number {
  const plan = foldPlan(n);
  const steps = new MessageSteps(f, n);
  for (let i = 0; i < plan.folded; i++) steps.send(2 * i, 2 * i + 1, k);
  if (plan.folded > 0) steps.endStep();
  inner(steps, plan);
  for (let i = 0; i < plan.folded; i++) steps.send(2 * i + 1, 2 * i, k);
  if (plan.folded > 0) steps.endStep();
  return steps.total;
}

function halvingDoublingNodes(f: Fabrics, n: number): ModelTime {
  return (k) =>
    foldedMessages(f, n, k, (steps, { ranks, survivors }) => {
      const block = (lo: number, d: number) => chunkStart(lo + d, k, ranks) - chunkStart(lo, k, ranks);
      const distances: number[] = [];
      for (let d = ranks / 2; d >= 1; d /= 2) distances.push(d);
      for (const d of distances) {
        for (let r = 0; r < ranks; r++) steps.send(survivors[r], survivors[r ^ d], block((r ^ d) & ~(d - 1), d));
        steps.endStep();
      }
      for (const d of distances.reverse()) {
        for (let r = 0; r < ranks; r++) steps.send(survivors[r], survivors[r ^ d], block(r & ~(d - 1), d));
        steps.endStep();
      }
    });
}

function recursiveDoublingModel(f: Fabrics, n: number): ModelTime {
  const plan = foldPlan(n);
  const exchanges = Math.log2(plan.ranks);
  if (f.perNode === n) return (k) => (exchanges + (plan.folded > 0 ? 2 : 0)) * fabricUs(f.intra, k);
  return (k) =>
    foldedMessages(f, n, k, (steps, { ranks, survivors }) => {
      for (let d = 1; d < ranks; d *= 2) {
        for (let r = 0; r < ranks; r++) steps.send(survivors[r], survivors[r ^ d], k);
        steps.endStep();
      }
    });
}

/** Any algorithm: its schedule compiled once, its step loads counted for each K. */
function scheduledModel(request: AllreduceModelRequest & { collective?: Collective }, fs: Fabrics[]): ModelTime {
  const { collective, algorithm, devices, chunks, devicesPerNode } = request;
  const compiled = compileSchedule(buildSchedule({ collective, algorithm, devices, chunks, devicesPerNode }));
  const perNode = fs[0].perNode;
  const fabricOf = new Uint8Array(compiled.src.length);
  for (let t = 0; t < fabricOf.length; t++) {
    fabricOf[t] = Math.floor(compiled.src[t] / perNode) === Math.floor(compiled.dst[t] / perNode) ? 0 : 1;
  }
  return (k) => {
    const loads = stepLoads(compiled, k, fabricOf, 2);
    const totals = fs.map((f) => {
      let total = 0;
      for (let s = 0; s < compiled.steps; s++) {
        total += Math.max(
          loads.portBytes[2 * s] > 0 ? f.intra.latencyUs + loads.portBytes[2 * s] / (f.intra.bandwidthGBs * 1e3) : 0,
          loads.portBytes[2 * s + 1] > 0 ? f.inter.latencyUs + loads.portBytes[2 * s + 1] / (f.inter.bandwidthGBs * 1e3) : 0,
        );
      }
      return total;
    });
    return totals[fastest(totals)];
  };
}

/** What a form needs besides the fabrics. */
export interface FormSetting {
  devices: number;
  topology: Topology;
  chunks: number;
  /** G of an algorithm that needs it (hierarchical-ring), checked. */
  perNode: number | undefined;
  /** G that tree and double-tree are built over, where given. */
  devicesPerNode?: number;
}

/** A form with one model per fabrics. */
type PerFabricForm = Exclude<CostForm, { kind: 'pipelined-trees' }>;

/** The form's model, or null where it is not exact (node-rings on nodes of another G than its own). */
function closedForm(form: PerFabricForm, f: Fabrics, n: number, topology: Topology, perNode: number | undefined): ModelTime | null {
  switch (form.kind) {
    case 'whole-buffers':
      return wholeBufferModel(f, n, form.steps);
    case 'segment-ring':
      return ringModel(f, n);
    case 'halving-blocks':
      return f.perNode === n ? halvingDoublingSwitch(f, n) : halvingDoublingNodes(f, n);
    case 'folded-exchanges':
      return recursiveDoublingModel(f, n);
    case 'node-rings':
      // On a switch both fabrics are the switch; on nodes of another G the phases mix fabrics.
      return perNode !== undefined && (topology.kind === 'switch' || f.perNode === perNode) ? hierarchicalRingModel(f, n, perNode) : null;
  }
}

/** The form's model under each of `fs` (one per protocol weighed), or null where it is not exact. */
export function formModels(form: CostForm, fs: readonly Fabrics[], setting: FormSetting): ModelTime[] | null {
  if (form.kind === 'pipelined-trees') {
    // The classes of devices depend on the nodes, not on the protocol: found once for all of fs.
    const trees = pipelinedTreesModel(form.loads(setting), setting.chunks, fs[0].perNode);
    return fs.map((f) => trees((intra, inter) => stepUs(f, intra, inter)));
  }
  const models = fs.map((f) => closedForm(form, f, setting.devices, setting.topology, setting.perNode));
  return models.every((model) => model !== null) ? (models as ModelTime[]) : null;
}

/**
 * The all-reduce model time of an algorithm on N devices and a topology, as a function of K. Checks
 * the same options buildSchedule does; bad ones throw GradsyncError.
 */
export function allreduceModel(request: AllreduceModelRequest): ModelTime {
  const spec = findAlgorithm('allreduce', request.algorithm);
  const n = checkDevices(request);
  checkTopology(request.topology, n);
  const fs = fabricsOf(request.topology, n);
  const perNode = spec.takesDevicesPerNode ? checkDevicesPerNode(request.devicesPerNode, n, algorithmName(spec)) : undefined;
  const { chunks } = chunksOf(spec, request);
  const setting = { devices: n, topology: request.topology, chunks, perNode, devicesPerNode: request.devicesPerNode };
  const forms = spec.costForm ? formModels(spec.costForm, fs, setting) : null;
  const model = forms !== null ? fastestOf(forms) : scheduledModel(request, fs);
  if (n === 1) return (k) => (checkElements(k), 0);
  return (k) => model(checkElements(k));
}

/**
 * The model time of any collective's algorithm as a function of K, from its schedule compiled once (a
 * training step times many buffers of one shape). All-reduce takes allreduceModel's closed forms.
 */
export function collectiveModel(request: AllreduceModelRequest & { collective: Collective }): ModelTime {
  if (request.collective === 'allreduce') return allreduceModel(request);
  const n = checkDevices(request);
  checkTopology(request.topology, n);
  const model = scheduledModel(request, fabricsOf(request.topology, n));
  return (k) => model(checkElements(k));
}

export function allreduceModelTimeUs(request: AllreduceModelRequest & { elements: number }): number {
  return allreduceModel(request)(request.elements);
}
