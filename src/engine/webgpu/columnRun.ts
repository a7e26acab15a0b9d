// Steps of a plain schedule in one submission (columnPlan.ts, run_columns.wgsl): a dispatch for each
// stretch between two checkpoints, the checkpoints copied between them, so stepping back still finds
// them. Its buffers and pipeline live on one device; on another (a lost one recreated) they are made
// again. Where the adapter cannot hold the column tables or wire in one binding, it says so and the
// engine goes step by step.

import type { ReduceOp } from '../../core/ops';
import type { ColumnPlan } from './columnPlan';
import type { ShaderSources } from './gpuDevice';
import { OP_CODES, STEP_PARAMS_STRIDE, WORKGROUP_SIZE } from './plan';
import { dispatchSize, shaderModule } from './resources';

interface ColumnResources {
  device: GPUDevice;
  wire: GPUBuffer;
  tables: GPUBuffer[];
  params: GPUBuffer;
  /** Stretches the params buffer holds. */
  stretches: number;
  layout: GPUBindGroupLayout;
  pipeline: GPUComputePipeline;
  memory: GPUBuffer;
  bindGroup: GPUBindGroup;
}

/** Between two stretches of a run: what is encoded after step `step` (a checkpoint's copy). */
type Between = (encoder: GPUCommandEncoder, step: number) => void;

function tableBuffer(device: GPUDevice, label: string, data: Uint32Array): GPUBuffer {
  const buffer = device.createBuffer({ label, size: Math.max(16, data.byteLength), usage: GPUBufferUsage.STORAGE, mappedAtCreation: true });
  new Uint32Array(buffer.getMappedRange(), 0, data.length).set(data);
  buffer.unmap();
  return buffer;
}

export class ColumnRun {
  private made: ColumnResources | null = null;

  constructor(
    private readonly plan: ColumnPlan,
    private readonly op: ReduceOp,
    private readonly shaders: ShaderSources,
  ) {}

  /** Whether `device` can bind this run's largest table and its wire. */
  fits(device: GPUDevice): boolean {
    const largest = Math.max(this.plan.wireElements * 4, this.plan.ops.byteLength, this.plan.columns.byteLength, this.plan.opSteps.byteLength);
    return largest <= device.limits.maxStorageBufferBindingSize && largest <= device.limits.maxBufferSize;
  }

  private resources(device: GPUDevice, memory: GPUBuffer, stretches: number): ColumnResources {
    const made = this.made;
    if (made && made.device === device && made.stretches >= stretches) {
      if (made.memory !== memory) {
        made.memory = memory;
        made.bindGroup = this.bindGroup(made);
      }
      return made;
    }
    if (made && made.device !== device) this.release();
    const reuse = this.made;
    const label = (what: string) => `engine.columns.${what}`;
    const layout =
      reuse?.layout ??
      device.createBindGroupLayout({
        label: label('layout'),
        entries: ['storage', 'storage', 'read-only-storage', 'read-only-storage', 'read-only-storage', 'uniform'].map((type, binding) => ({
          binding,
          visibility: GPUShaderStage.COMPUTE,
          buffer: { type: type as GPUBufferBindingType, hasDynamicOffset: binding === 5 },
        })),
      });
    reuse?.params.destroy();
    const next: ColumnResources = {
      device,
      wire: reuse?.wire ?? device.createBuffer({ label: label('wire'), size: Math.max(16, this.plan.wireElements * 4), usage: GPUBufferUsage.STORAGE }),
      tables: reuse?.tables ?? [
        tableBuffer(device, label('columns'), this.plan.columns),
        tableBuffer(device, label('ops'), this.plan.ops),
        tableBuffer(device, label('opSteps'), this.plan.opSteps),
      ],
      params: device.createBuffer({ label: label('params'), size: stretches * STEP_PARAMS_STRIDE, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }),
      stretches,
      layout,
      pipeline:
        reuse?.pipeline ??
        device.createComputePipeline({
          label: label('pipeline'),
          layout: device.createPipelineLayout({ label: label('pipelineLayout'), bindGroupLayouts: [layout] }),
          compute: {
            module: shaderModule(device, 'run_columns.wgsl', this.shaders.combine + this.shaders.runColumns),
            entryPoint: 'main',
            constants: { OP: OP_CODES[this.op], WIRE: this.plan.wire ? 1 : 0, EACH: this.plan.each },
          },
        }),
      memory,
      bindGroup: null as unknown as GPUBindGroup,
    };
    next.bindGroup = this.bindGroup(next);
    this.made = next;
    return next;
  }

  private bindGroup(made: ColumnResources): GPUBindGroup {
    return made.device.createBindGroup({
      label: 'engine.columns.bindGroup',
      layout: made.layout,
      entries: [made.memory, made.wire, ...made.tables]
        .map((buffer, binding) => ({ binding, resource: { buffer } as GPUBufferBinding }))
        .concat([{ binding: 5, resource: { buffer: made.params, size: 16 } }]),
    });
  }

  /**
   * Encodes steps [from, to) into `encoder`: one dispatch per stretch between the steps in `cuts`
   * (ascending, inside the range), `between` after each; the first pass writes the beginning
   * timestamp and the last its end where `timestamps` is given. Returns the dispatches.
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
    const made = this.resources(device, memory, stretches);
    const params = new Uint32Array((stretches * STEP_PARAMS_STRIDE) / 4);
    for (let k = 0; k < stretches; k++) params.set([bounds[k], bounds[k + 1], this.plan.invocations, this.plan.columnCount], (k * STEP_PARAMS_STRIDE) / 4);
    device.queue.writeBuffer(made.params, 0, params);
    const workgroups = dispatchSize(Math.ceil(this.plan.invocations / WORKGROUP_SIZE));
    for (let k = 0; k < stretches; k++) {
      const writes: GPUComputePassTimestampWrites | undefined = timestamps
        ? {
            querySet: timestamps,
            ...(k === 0 ? { beginningOfPassWriteIndex: 0 } : {}),
            ...(k === stretches - 1 ? { endOfPassWriteIndex: 1 } : {}),
          }
        : undefined;
      const pass = encoder.beginComputePass({
        label: `engine.columns.steps${bounds[k] + 1}-${bounds[k + 1]}`,
        timestampWrites: writes && (k === 0 || k === stretches - 1) ? writes : undefined,
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
