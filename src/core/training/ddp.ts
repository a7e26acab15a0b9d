// PyTorch DDP's gradient buckets. DDP fills buckets with the gradients in reverse layer order (the
// order backward produces them), closing a bucket once it holds at least its cap: 1 MiB for the first
// (so communication starts early), 25 MiB after (bucket_cap_mb). Each bucket is reduced as soon as its
// last gradient is ready (iteration.ts). A layer here is a group of parameter tensors, so a bucket
// closes at a layer's end, as DDP's does at a tensor's.

import { GradsyncError } from '../errors';
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

/**
 * DDP's buckets for a bucket cap of `capBytes`, the first capped at `firstBytes` (or `capBytes` when
 * smaller). Without a cap, DDP's 25 MiB, or one bucket of a model smaller than that.
 */
export function ddpBuckets(model: TrainingModel, cap?: number, firstBytes = FIRST_BUCKET_BYTES): Bucket[] {
  const total = gradientBytes(model);
  const capBytes = cap ?? Math.min(DEFAULT_BUCKET_BYTES, total);
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
