// PyTorch DDP's gradient buckets and how they overlap backward. DDP fills buckets with the gradients
// in reverse layer order (the order backward produces them), closing a bucket once it holds at least
// its cap: 1 MiB for the first (so communication starts early), 25 MiB after (bucket_cap_mb). Each
// bucket is all-reduced as soon as its last gradient is ready, one after another on one communication
// stream, while backward goes on; the iteration ends when both have. A layer here is a group of
// parameter tensors, so a bucket closes at a layer's end, as DDP's does at a tensor's.

import { allreduceModel } from '../costFormulas';
import type { Topology } from '../cost';
import { GradsyncError } from '../errors';
import { BYTES_PER_ELEMENT } from '../traffic';
import type { TrainingModel } from './models';
import { STATE_BYTES } from './strategies';

export const MIB = 1024 * 1024;
/** DDP's bucket_cap_mb default, and the cap of its first bucket. */
export const DEFAULT_BUCKET_BYTES = 25 * MIB;
export const FIRST_BUCKET_BYTES = 1 * MIB;

export interface Bucket {
  /** Layer indices (forward order) in the order backward fills the bucket: descending. */
  readonly layers: readonly number[];
  readonly bytes: number;
}

/** Gradient bytes of the whole model. */
export function gradientBytes(model: TrainingModel): number {
  return model.layers.reduce((sum, layer) => sum + layer.params, 0) * STATE_BYTES.grads;
}

/** DDP's buckets for a bucket cap of `capBytes`, the first capped at `firstBytes` (or `capBytes` when smaller). */
export function ddpBuckets(model: TrainingModel, capBytes = DEFAULT_BUCKET_BYTES, firstBytes = FIRST_BUCKET_BYTES): Bucket[] {
  const total = gradientBytes(model);
  if (!(capBytes > 0) || !Number.isFinite(capBytes)) {
    throw new GradsyncError('bad-argument', `the bucket size must be more than 0 bytes, got ${capBytes}`, {
      field: 'bucketBytes',
      value: capBytes,
      allowed: 'be more than 0',
    });
  }
  if (capBytes > total) {
    throw new GradsyncError(
      'bad-argument',
      `a bucket of ${capBytes.toLocaleString('en-US')} bytes is larger than the model's gradients (${total.toLocaleString('en-US')} bytes)`,
      {
        field: 'bucketBytes',
        value: capBytes,
        allowed: `be at most the model's gradients, ${total.toLocaleString('en-US')} bytes`,
      },
    );
  }
  const buckets: Bucket[] = [];
  let layers: number[] = [];
  let bytes = 0;
  for (let i = model.layers.length - 1; i >= 0; i--) {
    layers.push(i);
    bytes += model.layers[i].params * STATE_BYTES.grads;
    const cap = buckets.length === 0 ? Math.min(firstBytes, capBytes) : capBytes;
    if (bytes >= cap || i === 0) {
      buckets.push({ layers, bytes });
      layers = [];
      bytes = 0;
    }
  }
  return buckets;
}

interface ComputeRate {
  /** Sustained FLOP/s of one device. */
  flopsPerSecond: number;
  /** Samples each device computes per iteration. */
  batch: number;
}

interface BucketSpan {
  bucket: Bucket;
  /** When backward has produced its last gradient, and when its all-reduce starts and ends (µs from the iteration's start). */
  readyUs: number;
  startUs: number;
  endUs: number;
}

export interface DdpIteration {
  forwardUs: number;
  backwardUs: number;
  buckets: BucketSpan[];
  /** With overlap: when backward and the last all-reduce have both ended. */
  iterationUs: number;
  /** Without overlap: forward, backward, then every all-reduce. */
  serialUs: number;
  /** Communication not hidden behind backward: iterationUs − forwardUs − backwardUs. */
  exposedUs: number;
}

export interface DdpRequest {
  model: TrainingModel;
  devices: number;
  algorithm: string;
  topology: Topology;
  devicesPerNode?: number;
  rate: ComputeRate;
  bucketBytes?: number;
  /** The first bucket's cap (DDP's 1 MiB by default). */
  firstBucketBytes?: number;
  /** False: the all-reduces wait for backward to end (DDP without overlap). */
  overlap?: boolean;
}

/**
 * One DDP iteration: forward, backward layer by layer in reverse (twice a layer's forward FLOPs), and
 * each bucket's all-reduce of its bytes, timed by the α-β model of the chosen algorithm.
 */
export function ddpIteration(request: DdpRequest): DdpIteration {
  const { model, rate } = request;
  const us = (flops: number) => ((flops * rate.batch) / rate.flopsPerSecond) * 1e6;
  const allreduceUs = allreduceModel({
    algorithm: request.algorithm,
    devices: request.devices,
    topology: request.topology,
    devicesPerNode: request.devicesPerNode,
  });
  const forwardUs = model.layers.reduce((sum, layer) => sum + us(layer.forwardFlops), 0);
  // When backward has finished each layer (forward order), backward running from the last layer.
  const doneAt = new Float64Array(model.layers.length);
  let clock = forwardUs;
  for (let i = model.layers.length - 1; i >= 0; i--) doneAt[i] = clock += us(2 * model.layers[i].forwardFlops);
  const backwardUs = clock - forwardUs;
  const overlap = request.overlap ?? true;
  let stream = 0;
  let serial = forwardUs + backwardUs;
  const buckets = ddpBuckets(model, request.bucketBytes, request.firstBucketBytes).map((bucket) => {
    const readyUs = overlap ? doneAt[bucket.layers[bucket.layers.length - 1]] : forwardUs + backwardUs;
    const startUs = Math.max(readyUs, stream);
    const time = allreduceUs(Math.ceil(bucket.bytes / BYTES_PER_ELEMENT));
    stream = startUs + time;
    serial += time;
    return { bucket, readyUs, startUs, endUs: stream };
  });
  const iterationUs = Math.max(forwardUs + backwardUs, stream);
  return { forwardUs, backwardUs, buckets, iterationUs, serialUs: serial, exposedUs: iterationUs - forwardUs - backwardUs };
}
