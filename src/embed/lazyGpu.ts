// WebGPU for a figure that asks for it only once the figure has been on screen: a page with many
// figures below the fold starts no GPU work for them until the reader gets there.

import { browserGpu } from '../store/gpuSources';
import type { GpuSource } from '../store/engineRunner';

export interface LazyGpu {
  source: GpuSource;
  /** The figure is (or has been) visible: let the GPU start. */
  release(): void;
}

export function lazyGpu(): LazyGpu {
  let release = () => {};
  const visible = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { source: () => visible.then(browserGpu), release: () => release() };
}
