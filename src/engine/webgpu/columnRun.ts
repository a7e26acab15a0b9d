// Steps of a plain schedule in one submission (columnPlan.ts, run_columns.wgsl): a dispatch for each
// stretch between two checkpoints, the checkpoints copied between them, so stepping back still finds
// them. Its buffers and pipeline live on one device; on another (a lost one recreated) they are made
// again. Where the adapter cannot hold the column tables or wire in one binding, it says so and the
// engine goes step by step.

import type { ReduceOp } from '../../core/ops';
import type { ColumnPlan } from './columnPlan';
import type { ShaderSources } from './gpuDevice';
import { OP_CODES, STEP_PARAMS_STRIDE } from './plan';
import { dispatchSize, shaderModule, tableBuffer } from './resources';
import { timestampsOfStep, timestampWrites } from './timestamps';
import { invariant } from '../../core/errors';

interface ColumnResources {
  device: GPUDevice;
  memory: GPUBuffer;
  wire: GPUBuffer;
  tables: GPUBuffer[];
  params: GPUBuffer;
  pipeline: GPUComputePipeline;
  bindGroup: GPUBindGroup;
}

/** Between two stretches of a run: what is encoded after step `step` (a checkpoint's copy). */
type Between = (encoder: GPUCommandEncoder, step: number) => void;

export class ColumnRun {
  private made: ColumnResources | null = null;

  /** `stretches`: the most dispatches a run may be cut into (one more than the checkpoints it may keep). */
  constructor(
    private readonly plan: ColumnPlan,
    private readonly op: ReduceOp,
    private readonly shaders: ShaderSources,
    private readonly stretches: number,
  ) {}

  /** Whether `device` can bind this run's largest table and its wire. */
  fits(device: GPUDevice): boolean {
    const largest = Math.max(this.plan.wireElements * 4, this.plan.ops.byteLength, this.plan.columns.byteLength, this.plan.opSteps.byteLength);
    return largest <= device.limits.maxStorageBufferBindingSize && largest <= device.limits.maxBufferSize;
  }

  /** The run's buffers and pipeline on `device` over `memory`: made once, and again on another device. */
  private resources(device: GPUDevice, memory: GPUBuffer): ColumnResources {
    if (this.made?.device === device && this.made.memory === memory) return this.made;
    this.release();
    const label = (what: string) => `engine.columns.${what}`;
    const layout = device.createBindGroupLayout({
      label: label('layout'),
      entries: ['storage', 'storage', 'read-only-storage', 'read-only-storage', 'read-only-storage', 'uniform'].map((type, binding) => ({
        binding,
        visibility: GPUShaderStage.COMPUTE,
        buffer: { type: type as GPUBufferBindingType, hasDynamicOffset: binding === 5 },
      })),
    });
    const wire = device.createBuffer({ label: label('wire'), size: Math.max(16, this.plan.wireElements * 4), usage: GPUBufferUsage.STORAGE });
    const tables = [
      tableBuffer(device, label('columns'), this.plan.columns, GPUBufferUsage.STORAGE),
      tableBuffer(device, label('ops'), this.plan.ops, GPUBufferUsage.STORAGE),
      tableBuffer(device, label('opSteps'), this.plan.opSteps, GPUBufferUsage.STORAGE),
    ];
    const params = device.createBuffer({
      label: label('params'),
      size: this.stretches * STEP_PARAMS_STRIDE,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    const pipeline = device.createComputePipeline({
      label: label('pipeline'),
      layout: device.createPipelineLayout({ label: label('pipelineLayout'), bindGroupLayouts: [layout] }),
      compute: {
        module: shaderModule(device, 'run_columns.wgsl', this.shaders.combine + this.shaders.runColumns),
        entryPoint: 'main',
        constants: { OP: OP_CODES[this.op], EACH: this.plan.each, WORKGROUP: this.plan.workgroup },
      },
    });
    const bindGroup = device.createBindGroup({
      label: label('bindGroup'),
      layout,
      entries: [memory, wire, ...tables]
        .map((buffer, binding) => ({ binding, resource: { buffer } as GPUBufferBinding }))
        .concat([{ binding: 5, resource: { buffer: params, size: 16 } }]),
    });
    this.made = { device, memory, wire, tables, params, pipeline, bindGroup };
    return this.made;
  }

  /**
   * Encodes steps [from, to) into `encoder`: one dispatch per stretch between the steps in `cuts`
   * (ascending, inside the range, fewer than the stretches it was made for), `between` after each;
   * the first pass writes the beginning timestamp and the last its end where `timestamps` is given.
   * Returns the dispatches.
   */
  encode(
    device: GPUDevice,
    encoder: GPUCommandEncoder,
    memory: GPUBuffer,
    from: number,
    to: number,
    cuts: number[],
    between: Between,
    timestamps?: GPUQuerySet,
  ): number {
    const bounds = [from, ...cuts.filter((cut) => cut > from && cut < to), to];
    const stretches = bounds.length - 1;
    invariant(stretches <= this.stretches, `a run cut into ${stretches} stretches, past the ${this.stretches} it was made for`);
    const made = this.resources(device, memory);
    const params = new Uint32Array((stretches * STEP_PARAMS_STRIDE) / 4);
    for (let k = 0; k < stretches; k++) params.set([bounds[k], bounds[k + 1], this.plan.invocations, this.plan.columnCount], (k * STEP_PARAMS_STRIDE) / 4);
    device.queue.writeBuffer(made.params, 0, params);
    const workgroups = dispatchSize(Math.ceil(this.plan.invocations / this.plan.workgroup));
    for (let k = 0; k < stretches; k++) {
      const at = timestamps ? timestampsOfStep(k, stretches) : undefined;
      const pass = encoder.beginComputePass({
        label: `engine.columns.steps${bounds[k] + 1}-${bounds[k + 1]}`,
        timestampWrites: timestamps && at ? timestampWrites(timestamps, at) : undefined,
      });
      pass.setPipeline(made.pipeline);
      pass.setBindGroup(0, made.bindGroup, [k * STEP_PARAMS_STRIDE]);
      pass.dispatchWorkgroups(...workgroups);
      pass.end();
      if (k + 1 < stretches) between(encoder, bounds[k + 1]);
    }
    return stretches;
  }

  release(): void {
    if (!this.made) return;
    for (const buffer of [this.made.wire, this.made.params, ...this.made.tables]) buffer.destroy();
    this.made = null;
  }
}
