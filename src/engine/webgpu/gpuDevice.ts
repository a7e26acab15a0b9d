// Getting a GPUDevice that fits a configuration: the adapter's larger limits are requested only when
// the buffers need them; a configuration that still does not fit is a clear error, never a
// validation dump.

import { GradsyncError } from '../../core/errors';
import { adapterShape, fitFor, type AdapterFit } from './workgroup';

export interface ShaderSources {
  snapshotMessages: string;
  applyTransfers: string;
  /** Many steps of a plain schedule in one dispatch (columnPlan.ts). */
  runColumns: string;
  /** The reduction both engine kernels apply, put before each of them. */
  combine: string;
  addVec4: string;
  /** Each device's gradient of its data shard (the data-parallel training run). */
  gradient: string;
}

/** Where GPUs come from: navigator.gpu in a browser, the `webgpu` package (Dawn) in Node. */
export interface GpuProvider {
  gpu: GPU;
  shaders: ShaderSources;
  /** The machine's cores, for an adapter that is a CPU (workgroup.ts). */
  cores: number;
}

export interface OpenedDevice {
  device: GPUDevice;
  adapterName: string;
  timestamps: boolean;
  /** How the whole run and the add are cut on this adapter (workgroup.ts). */
  fit: AdapterFit;
}

export interface DeviceNeeds {
  /** Largest single storage binding, in bytes. */
  storageBytes: number;
  /** Largest buffer, in bytes. */
  bufferBytes: number;
}

export function describeAdapter(adapter: GPUAdapter): string {
  const info = adapter.info;
  const parts = [info?.vendor, info?.architecture].filter((part): part is string => !!part);
  const base = [...new Set(parts)].join(' ') || 'unknown adapter';
  const name = info?.description ? `${base} (${info.description})` : base;
  return (adapter as GPUAdapter & { isFallbackAdapter?: boolean }).isFallbackAdapter ? `${name} (fallback)` : name;
}

/** A size in MiB, or GiB from 1 GiB, for messages. */
export function mib(bytes: number): string {
  return bytes >= 1 << 30 ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`;
}

export async function openDevice(provider: GpuProvider, needs: DeviceNeeds, label: string): Promise<OpenedDevice> {
  const adapter = await provider.gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (!adapter) throw new GradsyncError('unavailable', 'no WebGPU adapter is available here');
  const { limits } = adapter;
  if (needs.storageBytes > limits.maxStorageBufferBindingSize) {
    throw new GradsyncError(
      'too-large',
      `the device buffers need ${mib(needs.storageBytes)} in one storage binding, but this adapter allows at most ${mib(limits.maxStorageBufferBindingSize)} (maxStorageBufferBindingSize); use fewer devices or elements`,
    );
  }
  if (needs.bufferBytes > limits.maxBufferSize) {
    throw new GradsyncError(
      'too-large',
      `the device buffers need ${mib(needs.bufferBytes)} in one buffer, but this adapter allows at most ${mib(limits.maxBufferSize)} (maxBufferSize); use fewer devices or elements`,
    );
  }
  const requiredLimits: Record<string, number> = {};
  if (needs.storageBytes > 128 * 2 ** 20) requiredLimits.maxStorageBufferBindingSize = needs.storageBytes;
  if (needs.bufferBytes > 256 * 2 ** 20) requiredLimits.maxBufferSize = needs.bufferBytes;
  const timestamps = adapter.features.has('timestamp-query');
  const device = await adapter.requestDevice({
    label,
    requiredLimits,
    requiredFeatures: timestamps ? ['timestamp-query'] : [],
  });
  return { device, adapterName: describeAdapter(adapter), timestamps, fit: fitFor(adapterShape(adapter, provider.cores)) };
}
