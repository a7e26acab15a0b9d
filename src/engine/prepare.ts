// Turning the devices' inputs into an engine's starting memory, the same way for every engine.

import { avgFactor, type ReduceOp } from '../core/ops';
import { reducesData, type Collective } from '../core/schedule';
import type { ChunkMajorLayout } from './layout';

/**
 * Device-major inputs into chunk-major memory; for avg, every value multiplied by f32(1/N) first
 * (NCCL's way for floats: one correctly rounded f32 multiply each), so the schedule only sums.
 */
export function prepareMemory(layout: ChunkMajorLayout, collective: Collective, op: ReduceOp, inputs: Float32Array, into: Float32Array): void {
  layout.scatter(inputs, into);
  if (op !== 'avg' || !reducesData(collective)) return;
  const factor = avgFactor(layout.devices);
  for (let i = 0; i < into.length; i++) into[i] *= factor;
}
