// The WebGPU engine's hold on one GPU device at a time: the device opened with the limits the run's
// buffers need, the run's resources made there under error scopes (running out of memory is a clear
// error, never a validation dump), each step's compute pass, the copy the one readback maps, and
// letting it all go. A lost device is replaced by opening another; webgpuEngine.ts replays the run.
// Also the states the engine moves through as it holds, loses and recreates a device, and the counts
// of the work it submits.

import { GradsyncError, invariant } from '../../core/errors';
import type { Transitions } from '../../core/lifecycle';
import type { ReduceOp } from '../../core/ops';
import { mib, openDevice, type GpuProvider } from './gpuDevice';
import { RANGES_PER_STEP, SNAPSHOT_RANGE, STEP_PARAMS_STRIDE, type GpuPlan } from './plan';
import { WORKGROUP_SIZE, type AdapterFit } from './workgroup';
import { createResources, destroyResources, dispatchSize, type Resources } from './resources';
import { timestampWrites, type TimestampAt } from './timestamps';

export type EngineLife = 'connecting' | 'ready' | 'recovering' | 'failed' | 'destroyed';

/**
 * connecting → ready once the device and its resources exist; ready → recovering when the device is
 * lost, and back once it is recreated and replayed (or failed); destroyed from anywhere, for good.
 */
export const ENGINE_TRANSITIONS: Transitions<EngineLife> = {
  connecting: ['ready', 'destroyed'],
  ready: ['recovering', 'destroyed'],
  recovering: ['ready', 'failed', 'destroyed'],
  failed: ['destroyed'],
  destroyed: [],
};

export interface EngineStats {
  /** Steps encoded and submitted (replays after a seek or a lost device included). */
  stepsSubmitted: number;
  submissions: number;
  dispatches: number;
  readbacks: number;
  devicesLost: number;
}

/** The run a device is opened for: its memory in f32 values, its reduction, and the size the out-of-memory error names. */
interface GpuRun {
  memoryElements: number;
  op: ReduceOp;
  devices: number;
  elements: number;
}

export class EngineGpu {
  device: GPUDevice | null = null;
  resources: Resources | null = null;
  adapterName = '';
  timestamps = false;
  /** How the whole run and the add are cut on this device's adapter. */
  fit: AdapterFit = { workgroup: WORKGROUP_SIZE, busy: 0, addWorkgroup: WORKGROUP_SIZE, opsPerStep: 0 };
  private readbackBuffer: GPUBuffer | null = null;

  constructor(
    private readonly provider: GpuProvider,
    private readonly plan: GpuPlan,
    private readonly run: GpuRun,
  ) {}

  /** Opens a device and makes the run's resources on it; returns the device. */
  async open(): Promise<GPUDevice> {
    const { memoryElements } = this.run;
    const memoryBytes = memoryElements * 4;
    const needs = { storageBytes: Math.max(memoryBytes, this.plan.wireElements * 4), bufferBytes: Math.max(memoryBytes, this.plan.wireElements * 4) };
    const opened = await openDevice(this.provider, needs, 'gradsync.engine');
    this.device = opened.device;
    this.adapterName = opened.adapterName;
    this.timestamps = opened.timestamps;
    this.fit = opened.fit;
    const device = opened.device;
    device.pushErrorScope('validation');
    device.pushErrorScope('out-of-memory');
    this.resources = createResources(device, this.provider.shaders, this.plan, memoryElements, this.run.op, this.timestamps);
    const outOfMemory = await device.popErrorScope();
    const invalid = await device.popErrorScope();
    if (outOfMemory) {
      // The driver's own words, without the call and source line Dawn appends.
      const cause = outOfMemory.message.split(/ - While | at \S+ \(/)[0].trim();
      throw new GradsyncError(
        'too-large',
        `the GPU ran out of memory for ${this.run.devices} devices × ${this.run.elements.toLocaleString('en-US')} elements (${mib(memoryBytes)} of device buffers; ${cause}); use fewer devices or elements`,
      );
    }
    invariant(!invalid, `GPU resources failed validation: ${invalid?.message}`);
    this.readbackBuffer = null;
    return device;
  }

  /**
   * Encodes step s as one compute pass: the snapshot, then one dispatch per apply range the step has
   * work in, each counted in `stats`.
   */
  encodeStep(encoder: GPUCommandEncoder, resources: Resources, s: number, stats: Pick<EngineStats, 'dispatches'>, timestampAt?: TimestampAt): void {
    const writes = resources.querySet && timestampAt ? timestampWrites(resources.querySet, timestampAt) : undefined;
    const pass = encoder.beginComputePass({ label: `engine.step${s + 1}.pass`, timestampWrites: writes });
    const offset = [s * STEP_PARAMS_STRIDE];
    for (let range = 0; range < RANGES_PER_STEP; range++) {
      const tiles = this.plan.tileCounts[s * RANGES_PER_STEP + range];
      if (tiles === 0) continue;
      const snapshot = range === SNAPSHOT_RANGE;
      pass.setPipeline(snapshot ? resources.snapshotPipeline : resources.applyPipelines[range]!);
      pass.setBindGroup(0, snapshot ? resources.snapshotBindGroup : resources.applyBindGroup, offset);
      pass.dispatchWorkgroups(...dispatchSize(tiles));
      stats.dispatches++;
    }
    pass.end();
  }

  /** Copies the first `bytes` of the memory into the readback buffer (made once) and submits it; returns that buffer, to map. */
  copyOut(device: GPUDevice, resources: Resources, bytes: number): GPUBuffer {
    this.readbackBuffer ??= device.createBuffer({ label: 'engine.readback', size: bytes, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = device.createCommandEncoder({ label: 'engine.read' });
    encoder.copyBufferToBuffer(resources.memory, 0, this.readbackBuffer, 0, bytes);
    device.queue.submit([encoder.finish()]);
    return this.readbackBuffer;
  }

  release(): void {
    if (this.resources) destroyResources(this.resources);
    this.readbackBuffer?.destroy();
    this.device?.destroy();
    this.device = null;
    this.resources = null;
  }
}
