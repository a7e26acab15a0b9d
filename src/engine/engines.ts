// The one choice of engine. The WebGPU engine runs where a GPU is given; the CPU engine, its bit-exact
// spec, runs everywhere else. The command line's run and bench, the app's store and the training run
// all make their engine here, so the rule is written once.

import { CpuEngine, type EngineConfig } from './cpu/cpuEngine';
import type { GpuProvider } from './webgpu/gpuDevice';
import { WebGpuEngine } from './webgpu/webgpuEngine';

export const BACKENDS = ['cpu', 'webgpu'] as const;
export type Backend = (typeof BACKENDS)[number];

/** Either engine; `backend` tells them apart. */
export type Engine = CpuEngine | WebGpuEngine;

/** The WebGPU engine on `provider`'s GPU, or the CPU engine when there is none (null or undefined). */
export async function createEngine(config: EngineConfig, provider: GpuProvider | null | undefined): Promise<Engine> {
  return provider ? WebGpuEngine.create({ ...config, provider }) : new CpuEngine(config);
}
