// One training iteration on two lanes: compute (forward layer by layer, then backward in reverse at
// twice each layer's forward FLOPs) and one communication stream that runs its operations in the
// order they are issued, each once it is issued and the one before has ended, timed by the α-β model
// of the chosen algorithm for its collective (costFormulas.ts). With overlap switched off every
// operation waits for the compute it would hide behind.
// - ddp: each bucket's gradients all-reduced once backward has produced them (ddp.ts).
// - zero1, zero2: the same buckets reduce-scattered; after backward, each device's updated shard of
//   the parameters all-gathered, bucket by bucket.
// - zero3 (FSDP, a unit per layer): each unit's parameters all-gathered before its forward and again
//   before its backward (the next unit's fetched as the current one starts), its gradients
//   reduce-scattered after its backward.
// - ps: each bucket pushed to the K servers once ready, then all parameters pulled back; a server's
//   port carries N/K of every push and pull, which is what makes it the bottleneck (serverPorts.ts).

import { algorithmIds } from '../algorithms';
import { collectiveModel, type ModelTime } from '../model/costFormulas';
import type { Topology } from '../model/cost';
import { GradsyncError } from '../errors';
import { COLLECTIVE_NAMES, type Collective } from '../schedule/ir';
import { BYTES_PER_ELEMENT } from '../model/traffic';
import { ddpBuckets } from './ddp';
import type { TrainingModel } from './models';
import { psTransferUs, serverFabric, serverPorts, type ServerPorts } from './serverPorts';
import { STATE_BYTES, STRATEGY_NAMES, type Strategy } from './strategies';

export type CommKind = 'allreduce' | 'reduce-scatter' | 'allgather' | 'push' | 'pull';

export interface CommSpan {
  kind: CommKind;
  /** "bucket 3", "layer 7". */
  what: string;
  bytes: number;
  /** When it could start, when it did and when it ended (µs from the iteration's start). */
  issueUs: number;
  startUs: number;
  endUs: number;
}

export interface ComputeSpan {
  layer: number;
  /** The layer's name in its model: "block 1", "embeddings", "stage 2 block 3". */
  name: string;
  pass: 'forward' | 'backward';
  startUs: number;
  endUs: number;
}

export interface Iteration {
  compute: ComputeSpan[];
  comm: CommSpan[];
  /** Compute alone: forward and backward. */
  computeUs: number;
  /** When compute and communication have both ended. */
  iterationUs: number;
  /** Compute, then every operation in turn, nothing overlapped. */
  serialUs: number;
  /** What communication adds to compute: iterationUs − computeUs. */
  exposedUs: number;
  /** A parameter server's ports: workers' and servers' bytes and busy time (ps only, else null). */
  ports: ServerPorts | null;
}

export interface IterationRequest {
  model: TrainingModel;
  strategy: Strategy;
  devices: number;
  algorithm: string;
  topology: Topology;
  devicesPerNode?: number;
  /** Sustained FLOP/s of one device, and samples each computes per iteration. */
  flopsPerSecond: number;
  batch: number;
  bucketBytes?: number;
  firstBucketBytes?: number;
  overlap?: boolean;
  /** Parameter servers (ps). */
  servers?: number;
}

/** The communication stream: operations in issue order. */
class Stream {
  free = 0;
  busy = 0;
  readonly spans: CommSpan[] = [];

  run(kind: CommKind, what: string, bytes: number, issueUs: number, durationUs: number): number {
    const startUs = Math.max(issueUs, this.free);
    this.free = startUs + durationUs;
    this.busy += durationUs;
    this.spans.push({ kind, what, bytes, issueUs, startUs, endUs: this.free });
    return this.free;
  }
}

/** The collectives each strategy runs with the chosen algorithm (a parameter server's pushes and pulls take none). */
const COLLECTIVES_OF: Readonly<Record<Strategy, readonly Collective[]>> = {
  ddp: ['allreduce'],
  zero1: ['reduce-scatter', 'allgather'],
  zero2: ['reduce-scatter', 'allgather'],
  zero3: ['reduce-scatter', 'allgather'],
  ps: [],
};

/** The algorithm must exist for every collective the strategy runs: named with those that do. */
function checkAlgorithm(strategy: Strategy, algorithm: string): void {
  const needed = COLLECTIVES_OF[strategy];
  if (needed.every((collective) => algorithmIds(collective).includes(algorithm))) return;
  const shared = algorithmIds(needed[0]).filter((id) => needed.every((collective) => algorithmIds(collective).includes(id)));
  const runs = needed.map((collective) => COLLECTIVE_NAMES[collective]).join(' and ');
  throw new GradsyncError('bad-argument', `${STRATEGY_NAMES[strategy]} runs ${runs} with the algorithm, and ${algorithm} is not one for them all`, {
    field: 'algorithm',
    value: algorithm,
    allowed: `be one for ${runs} (${strategy}): ${shared.join(', ')}`,
  });
}

export function trainingIteration(request: IterationRequest): Iteration {
  const { model, strategy, devices } = request;
  const overlap = request.overlap ?? true;
  const layers = model.layers.length;
  const us = (flops: number) => ((flops * request.batch) / request.flopsPerSecond) * 1e6;
  const models = new Map<CommKind, ModelTime>();
  const timeOf = (kind: CommKind, bytes: number): number => {
    if (kind === 'push' || kind === 'pull') return psTransferUs(bytes, devices, request.servers ?? 1, serverFabric(request.topology));
    let model = models.get(kind);
    if (!model) {
      const { algorithm, topology, devicesPerNode } = request;
      models.set(kind, (model = collectiveModel({ collective: kind, algorithm, devices, topology, devicesPerNode })));
    }
    return model(Math.ceil(bytes / BYTES_PER_ELEMENT));
  };
  if (strategy === 'ps' && !(Number.isInteger(request.servers ?? 1) && (request.servers ?? 1) >= 1)) {
    throw new GradsyncError('bad-argument', `the servers must be a whole number from 1, got ${request.servers}`, {
      field: 'servers',
      value: request.servers,
      allowed: 'be a whole number from 1',
    });
  }
  checkAlgorithm(strategy, request.algorithm);
  const stream = new Stream();
  const compute: ComputeSpan[] = [];
  const pass = (layer: number, kind: ComputeSpan['pass'], startUs: number): number => {
    const endUs = startUs + us(model.layers[layer].forwardFlops * (kind === 'forward' ? 1 : 2));
    compute.push({ layer, name: model.layers[layer].name, pass: kind, startUs, endUs });
    return endUs;
  };
  const grads = (layer: number) => model.layers[layer].params * STATE_BYTES.grads;
  let clock = 0;

  if (strategy === 'zero3') {
    // Each unit's parameters arrive before its forward; the next unit's are fetched as it starts.
    const fetched = new Float64Array(layers);
    fetched[0] = stream.run('allgather', 'layer 1', grads(0), 0, timeOf('allgather', grads(0)));
    for (let i = 0; i < layers; i++) {
      const start = Math.max(clock, fetched[i]);
      if (i + 1 < layers && overlap) fetched[i + 1] = stream.run('allgather', `layer ${i + 2}`, grads(i + 1), start, timeOf('allgather', grads(i + 1)));
      clock = pass(i, 'forward', start);
      if (i + 1 < layers && !overlap) fetched[i + 1] = stream.run('allgather', `layer ${i + 2}`, grads(i + 1), clock, timeOf('allgather', grads(i + 1)));
    }
    const last = layers - 1;
    fetched[last] = stream.run('allgather', `layer ${last + 1}`, grads(last), clock, timeOf('allgather', grads(last)));
    for (let i = last; i >= 0; i--) {
      const start = Math.max(clock, fetched[i]);
      if (i > 0 && overlap) fetched[i - 1] = stream.run('allgather', `layer ${i}`, grads(i - 1), start, timeOf('allgather', grads(i - 1)));
      clock = pass(i, 'backward', start);
      const reduced = stream.run('reduce-scatter', `layer ${i + 1}`, grads(i), clock, timeOf('reduce-scatter', grads(i)));
      if (i > 0 && !overlap) fetched[i - 1] = stream.run('allgather', `layer ${i}`, grads(i - 1), reduced, timeOf('allgather', grads(i - 1)));
    }
  } else {
    for (let i = 0; i < layers; i++) clock = pass(i, 'forward', clock);
    const done = new Float64Array(layers);
    for (let i = layers - 1; i >= 0; i--) clock = done[i] = pass(i, 'backward', clock);
    const buckets = ddpBuckets(model, request.bucketBytes, request.firstBucketBytes);
    const kind: CommKind = strategy === 'ddp' ? 'allreduce' : strategy === 'ps' ? 'push' : 'reduce-scatter';
    buckets.forEach((bucket, b) => {
      const ready = overlap ? done[bucket.layers[bucket.layers.length - 1]] : clock;
      stream.run(kind, `bucket ${b + 1}`, bucket.bytes, ready, timeOf(kind, bucket.bytes));
    });
    // The updated parameters come back once every gradient has been reduced and the step taken.
    const after = Math.max(clock, stream.free);
    if (strategy === 'ps') {
      const total = buckets.reduce((sum, bucket) => sum + bucket.bytes, 0);
      stream.run('pull', 'all parameters', total, after, timeOf('pull', total));
    }
    if (strategy === 'zero1' || strategy === 'zero2') {
      buckets.forEach((bucket, b) => stream.run('allgather', `bucket ${b + 1}`, bucket.bytes, after, timeOf('allgather', bucket.bytes)));
    }
  }
  const computeUs = compute.reduce((sum, span) => sum + span.endUs - span.startUs, 0);
  const iterationUs = Math.max(clock, stream.free);
  const ports =
    strategy === 'ps' ? serverPorts({ spans: stream.spans, iterationUs, devices, servers: request.servers ?? 1, topology: request.topology }) : null;
  return { compute, comm: stream.spans, computeUs, iterationUs, serialUs: computeUs + stream.busy, exposedUs: iterationUs - computeUs, ports };
}
