// The GPU a command's --backend asks for: Dawn's adapter for webgpu, none for cpu. The webgpu package
// is a native module, so it is loaded only when a GPU is asked for.

import type { Backend } from '../engine/engines';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';

export async function gpuFor(backend: Backend): Promise<GpuProvider | null> {
  return backend === 'webgpu' ? (await import('../engine/webgpu/node')).nodeGpu() : null;
}
