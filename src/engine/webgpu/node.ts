// WebGPU in Node through the `webgpu` package (Dawn). A real GPU is used where there is one. On a
// machine without one, Dawn's Vulkan backend finds nothing usable, so the SwiftShader Vulkan driver
// that Debian's chromium package ships is tried next, when it is there. The shaders' text is read
// from disk (the constants they share with plan.ts are put before it in resources.ts).

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GradsyncError } from '../../core/errors';
import type { GpuProvider, ShaderSources } from './gpuDevice';

const SWIFTSHADER_ICDS = [
  '/usr/lib/chromium/vk_swiftshader_icd.json',
  '/usr/lib64/chromium/vk_swiftshader_icd.json',
  '/usr/lib/chromium-browser/vk_swiftshader_icd.json',
];

const NO_ADAPTER_HINT = 'no WebGPU adapter: no GPU was found, and no software one either (on Debian: apt-get install chromium libvulkan1 provides SwiftShader)';

function shaderSource(name: string): string {
  return readFileSync(new URL(`../../../shaders/${name}`, import.meta.url), 'utf8');
}

function nodeShaders(): ShaderSources {
  return {
    snapshotMessages: shaderSource('snapshot_messages.wgsl'),
    applyTransfers: shaderSource('apply_transfers.wgsl'),
    runColumns: shaderSource('run_columns.wgsl'),
    combine: shaderSource('combine.wgsl'),
    addVec4: shaderSource('add_vec4.wgsl'),
    gradient: shaderSource('gradient.wgsl'),
  };
}

/** A Linux machine shows a GPU it can use as /dev/dri or /dev/nvidia*; elsewhere assume one may exist. */
function mayHaveHardwareGpu(): boolean {
  if (process.platform !== 'linux') return true;
  return existsSync('/dev/dri') || existsSync('/dev/nvidia0') || existsSync('/dev/dxg');
}

let cached: Promise<GpuProvider> | null = null;

/**
 * Whether Dawn finds an adapter with this Vulkan driver setting, asked in a child process: Dawn and
 * the Vulkan loader print their complaints to stderr, which would otherwise reach the user.
 */
function probe(webgpuUrl: string, icd: string | undefined): boolean {
  const env = { ...process.env };
  if (icd === undefined) delete env.VK_ICD_FILENAMES;
  else env.VK_ICD_FILENAMES = icd;
  const script = `const { create, globals } = await import(${JSON.stringify(webgpuUrl)}); Object.assign(globalThis, globals); const adapter = await create([]).requestAdapter(); process.exit(adapter ? 0 : 1);`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env, stdio: 'ignore', timeout: 60_000 });
  return child.status === 0;
}

async function acquire(): Promise<GpuProvider> {
  if (!process.env.XDG_RUNTIME_DIR || !existsSync(process.env.XDG_RUNTIME_DIR)) {
    const dir = join(tmpdir(), `gradsync-xdg-${process.getuid?.() ?? 0}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    process.env.XDG_RUNTIME_DIR = dir;
  }
  let webgpuUrl: string;
  try {
    webgpuUrl = import.meta.resolve('webgpu');
  } catch {
    throw new GradsyncError('unavailable', 'the webgpu package is not installed; run npm ci');
  }
  // A driver the user chose is respected. Otherwise the default setting is tried where a hardware
  // GPU may exist, then SwiftShader, which Dawn supports, where Debian's chromium ships it.
  const chosen = process.env.VK_ICD_FILENAMES;
  const swiftshader = SWIFTSHADER_ICDS.find((path) => existsSync(path));
  const hardware = mayHaveHardwareGpu();
  const candidates: (string | undefined)[] = chosen
    ? [chosen]
    : [...(hardware ? [undefined] : []), ...(swiftshader ? [swiftshader] : []), ...(hardware ? [] : [undefined])];
  const index = candidates.findIndex((icd) => probe(webgpuUrl, icd));
  if (index < 0) throw new GradsyncError('unavailable', chosen ? `no WebGPU adapter with VK_ICD_FILENAMES=${chosen}` : NO_ADAPTER_HINT);
  const working = candidates[index];
  if (working === undefined) delete process.env.VK_ICD_FILENAMES;
  else process.env.VK_ICD_FILENAMES = working;
  const webgpu = (await import('webgpu')) as typeof import('webgpu');
  Object.assign(globalThis, webgpu.globals);
  return { gpu: webgpu.create([]), shaders: nodeShaders(), cores: availableParallelism() };
}

/** The GPU of this Node process (found once). Throws GradsyncError('unavailable') when there is none. */
export function nodeGpu(): Promise<GpuProvider> {
  cached ??= acquire();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
