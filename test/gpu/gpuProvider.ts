// The real adapter the GPU tests run on. Under CI=true a missing adapter fails the tests; elsewhere
// they are skipped with the reason printed.

import { GradsyncError } from '../../src/core/errors';
import type { GpuProvider } from '../../src/engine/webgpu/gpuDevice';
import { nodeGpu } from '../../src/engine/webgpu/node';

export const requireGpu = process.env.CI === 'true';

export async function gpuOrReason(): Promise<GpuProvider | string> {
  try {
    return await nodeGpu();
  } catch (error) {
    if (error instanceof GradsyncError) return error.message;
    throw error;
  }
}
