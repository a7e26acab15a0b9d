// WebGPU in the browser: navigator.gpu, with the shaders' text bundled by Vite (the constants they
// share with plan.ts are put before it where their modules are made, in resources.ts).

import addVec4 from '../../../shaders/add_vec4.wgsl?raw';
import applyTransfers from '../../../shaders/apply_transfers.wgsl?raw';
import combine from '../../../shaders/combine.wgsl?raw';
import gradient from '../../../shaders/gradient.wgsl?raw';
import runColumns from '../../../shaders/run_columns.wgsl?raw';
import snapshotMessages from '../../../shaders/snapshot_messages.wgsl?raw';
import { GradsyncError } from '../../core/errors';
import type { GpuProvider } from './gpuDevice';

const browserShaders = { snapshotMessages, applyTransfers, runColumns, combine, addVec4, gradient };

/** The page's GPU, or GradsyncError('unavailable') saying why there is none. */
export async function browserGpu(): Promise<GpuProvider> {
  const gpu = (globalThis.navigator as Navigator | undefined)?.gpu;
  if (!gpu) throw new GradsyncError('unavailable', 'WebGPU is not available in this browser; running on the CPU engine instead');
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new GradsyncError('unavailable', 'this browser has WebGPU but no GPU adapter; running on the CPU engine instead');
  return { gpu, shaders: browserShaders, cores: globalThis.navigator.hardwareConcurrency || 1 };
}
