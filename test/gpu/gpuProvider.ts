// The real adapter the GPU tests run on, looked for once per test file while it is collected. Without
// one the GPU tests are skipped, with the reason in their names and on the console; under CI=true they
// are not skipped, and fail saying that the adapter is missing.

import { GradsyncError } from '../../src/core/errors';
import type { GpuProvider } from '../../src/engine/webgpu/gpuDevice';
import { nodeGpu } from '../../src/engine/webgpu/node';

const requireGpu = process.env.CI === 'true';

export interface GpuProbe {
  /** Why the file's GPU tests are skipped (no adapter, outside CI), or null when they run. */
  skipReason: string | null;
  /** The adapter's provider; fails the calling test when there is none (only under CI=true). */
  provider(): GpuProvider;
}

export async function probeGpu(file: string): Promise<GpuProbe> {
  let found: GpuProvider | null = null;
  let missing = '';
  try {
    found = await nodeGpu();
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    missing = error.message;
  }
  const skipReason = found || requireGpu ? null : `no WebGPU adapter: ${missing}`;
  if (skipReason) console.warn(`${file}: WebGPU tests skipped: ${skipReason}`);
  return {
    skipReason,
    provider() {
      if (!found) throw new Error(`no WebGPU adapter under CI=true, where the GPU tests may not be skipped: ${missing}`);
      return found;
    },
  };
}

/** ` (skipped: …)` for a test name when the file's GPU tests are skipped, else ''. */
export function skipNote({ skipReason }: GpuProbe): string {
  return skipReason ? ` (skipped: ${skipReason})` : '';
}
