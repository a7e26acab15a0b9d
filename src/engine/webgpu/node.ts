// WebGPU in Node through the `webgpu` package (Dawn). A real GPU is used where there is one. On a
// machine without one, Dawn's Vulkan backend finds nothing usable, so the SwiftShader Vulkan driver
// that Debian's chromium package ships is tried next, when it is there.

import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GradsyncError } from '../../core/errors';
import type { GpuProvider, ShaderSources } from './gpuDevice';

const SWIFTSHADER_ICDS = ['/usr/lib/chromium/vk_swiftshader_icd.json', '/usr/lib64/chromium/vk_swiftshader_icd.json', '/usr/lib/chromium-browser/vk_swiftshader_icd.json'];

export const NO_ADAPTER_HINT =
  'no WebGPU adapter: no GPU was found, and no software one either (on Debian: apt-get install chromium libvulkan1 provides SwiftShader)';

function shaderSource(name: string): string {
  return readFileSync(new URL(`../../../shaders/${name}`, import.meta.url), 'utf8');
}

export function nodeShaders(): ShaderSources {
  return {
    snapshotMessages: shaderSource('snapshot_messages.wgsl'),
    applyTransfers: shaderSource('apply_transfers.wgsl'),
    addVec4: shaderSource('add_vec4.wgsl'),
  };
}

/** A Linux machine shows a GPU it can use as /dev/dri or /dev/nvidia*; elsewhere assume one may exist. */
function mayHaveHardwareGpu(): boolean {
  if (process.platform !== 'linux') return true;
  return existsSync('/dev/dri') || existsSync('/dev/nvidia0') || existsSync('/dev/dxg');
}

let cached: Promise<GpuProvider> | null = null;

async function acquire(): Promise<GpuProvider> {
  if (!process.env.XDG_RUNTIME_DIR || !existsSync(process.env.XDG_RUNTIME_DIR)) {
    const dir = join(tmpdir(), `gradsync-xdg-${process.getuid?.() ?? 0}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    process.env.XDG_RUNTIME_DIR = dir;
  }
  const swiftshader = SWIFTSHADER_ICDS.find((path) => existsSync(path));
  // Without a hardware GPU, only software Vulkan drivers remain; prefer SwiftShader, which Dawn supports.
  if (!process.env.VK_ICD_FILENAMES && swiftshader && !mayHaveHardwareGpu()) process.env.VK_ICD_FILENAMES = swiftshader;
  let webgpu: typeof import('webgpu');
  try {
    webgpu = await import('webgpu');
  } catch (error) {
    throw new GradsyncError('unavailable', `the webgpu package could not be loaded (${(error as Error).message.split('\n')[0]})`);
  }
  Object.assign(globalThis, webgpu.globals);
  let gpu = webgpu.create([]);
  if (!(await gpu.requestAdapter()) && swiftshader && process.env.VK_ICD_FILENAMES !== swiftshader) {
    process.env.VK_ICD_FILENAMES = swiftshader;
    gpu = webgpu.create([]);
  }
  if (!(await gpu.requestAdapter())) throw new GradsyncError('unavailable', NO_ADAPTER_HINT);
  return { gpu, shaders: nodeShaders() };
}

/** The GPU of this Node process (found once). Throws GradsyncError('unavailable') when there is none. */
export function nodeGpu(): Promise<GpuProvider> {
  cached ??= acquire();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
