// A real data-parallel training run: N simulated devices each compute the gradient of their own data
// shard (gradients.ts), the chosen all-reduce algorithm averages the gradients through the
// collective engine (op avg, as DDP does), and every replica takes the same SGD step with its copy.
// Beside it, one device trains on the whole batch, and GapBound says how far apart rounding alone may
// put them. Without sync each replica follows its own shard's gradient and they drift apart.

import { compileSchedule, elementsMultiple, COLLECTIVE_NAMES, type Schedule } from '../../core/schedule';
import { GradsyncError, invariant } from '../../core/errors';
import {
  type RunFrame,
  GapBound,
  batchLoss,
  learningRateOf,
  meanGradient,
  parameterCount,
  REGRESSION,
  regressionProblem,
  sgdStep,
  type RegressionProblem,
} from '../../core/training';
import { verifySchedule } from '../../core/symbolic';
import type { GpuProvider } from '../webgpu/gpuDevice';
import { createEngine, type Backend, type Engine } from '../engines';
import { cpuGradients, webgpuGradients, type GradientSource } from './gradients';

export interface DataParallelRequest {
  /** An all-reduce schedule: a built-in algorithm's or one loaded from a file; its devices are the replicas. */
  schedule: Schedule;
  /** Average the gradients every step (false: each replica trains on its own shard alone). */
  sync: boolean;
  seed?: number;
  /** WebGPU when a provider is given, else the CPU engine. */
  provider?: GpuProvider | null;
}

function spreadOf(weights: Float32Array, devices: number, P: number): { spread: number; identical: boolean } {
  const bits = new Uint32Array(weights.buffer, weights.byteOffset, weights.length);
  let spread = 0;
  let identical = true;
  for (let r = 1; r < devices; r++) {
    for (let j = 0; j < P; j++) {
      spread = Math.max(spread, Math.abs(weights[r * P + j] - weights[j]));
      if (bits[r * P + j] !== bits[j]) identical = false;
    }
  }
  return { spread, identical };
}

function gapOf(weights: Float32Array, single: Float32Array, devices: number, P: number): number {
  let worst = 0;
  for (let r = 0; r < devices; r++) {
    let sum = 0;
    for (let j = 0; j < P; j++) sum += (weights[r * P + j] - single[j]) ** 2;
    worst = Math.max(worst, Math.sqrt(sum));
  }
  return worst;
}

export class DataParallelRun {
  readonly problem: RegressionProblem;
  readonly schedule: Schedule;
  readonly learningRate: number;
  /** Every device ends each all-reduce with the same bits, as the schedule proves (verifySchedule's sameOrder). */
  readonly guaranteed: boolean;
  readonly backend: Backend;
  readonly adapter: string | undefined;
  /** Replicas' weights (N·P, device-major) and the single device's (P), as they stand. */
  readonly weights: Float32Array;
  readonly single: Float32Array;
  readonly frames: RunFrame[] = [];
  private readonly bound: GapBound;

  private constructor(
    readonly request: DataParallelRequest,
    problem: RegressionProblem,
    private readonly elements: number,
    private readonly gradients: GradientSource,
    private readonly collective: Engine,
    adapter: string | undefined,
  ) {
    this.problem = problem;
    this.schedule = request.schedule;
    this.backend = collective.backend;
    this.adapter = adapter;
    this.learningRate = learningRateOf(problem);
    this.guaranteed = verifySchedule(request.schedule).sameOrder.every(Boolean);
    const P = parameterCount(problem);
    this.weights = new Float32Array(problem.devices * P);
    this.single = new Float32Array(P);
    this.bound = new GapBound(problem, this.learningRate);
    this.frames.push(this.frame(0));
  }

  static async create(request: DataParallelRequest): Promise<DataParallelRun> {
    const { schedule } = request;
    if (schedule.collective !== 'allreduce') {
      throw new GradsyncError(
        'bad-argument',
        `the replicas average their gradients with an all-reduce, and this schedule's collective is ${COLLECTIVE_NAMES[schedule.collective]}`,
      );
    }
    const problem = regressionProblem({ devices: schedule.devices, seed: request.seed });
    // A schedule that moves equal chunks between places gets the gradients padded with zeros to fit.
    const multiple = elementsMultiple(compileSchedule(schedule));
    const elements = Math.ceil(parameterCount(problem) / multiple) * multiple;
    const engine = await createEngine({ schedule, elements, op: 'avg' }, request.provider);
    if (engine.backend === 'cpu') return new DataParallelRun(request, problem, elements, cpuGradients(problem), engine, undefined);
    try {
      invariant(request.provider, 'a WebGPU engine has a provider');
      const gradients = webgpuGradients(engine.gpuDevice(), request.provider.shaders.gradient, problem);
      return new DataParallelRun(request, problem, elements, gradients, engine, engine.adapterName);
    } catch (error) {
      engine.destroy();
      throw error;
    }
  }

  get steps(): number {
    return this.frames.length - 1;
  }

  /** One iteration: gradients, their average (when synced), the step on every replica and on the single device. */
  async step(): Promise<RunFrame> {
    if (this.steps >= REGRESSION.maxSteps) throw new GradsyncError('bad-argument', `a run takes at most ${REGRESSION.maxSteps} steps`);
    const { problem, learningRate } = this;
    const P = parameterCount(problem);
    const local = await this.gradients.compute(this.weights);
    let applied = local;
    if (this.request.sync) applied = await this.average(local);
    const singleGradient = new Float32Array(P);
    meanGradient(problem, this.single, 0, 0, problem.y.length, singleGradient, 0);
    const before = this.weights.slice();
    const singleBefore = this.single.slice();
    sgdStep(this.weights, applied, learningRate);
    sgdStep(this.single, singleGradient, learningRate);
    if (this.request.sync) {
      this.bound.add({ before, after: this.weights, gradients: applied, singleBefore, singleAfter: this.single, singleGradient });
    }
    const frame = this.frame(this.steps + 1);
    this.frames.push(frame);
    return frame;
  }

  /** The schedule's all-reduce of every device's gradient, op avg; each device's own copy (N·P). */
  private async average(local: Float32Array): Promise<Float32Array> {
    const { devices } = this.problem;
    const P = parameterCount(this.problem);
    const K = this.elements;
    const padded = K === P ? local : new Float32Array(devices * K);
    if (padded !== local) for (let d = 0; d < devices; d++) padded.set(local.subarray(d * P, (d + 1) * P), d * K);
    this.collective.load(padded);
    this.collective.run();
    const result = await this.collective.read();
    if (K === P) return result;
    const out = new Float32Array(devices * P);
    for (let d = 0; d < devices; d++) out.set(result.subarray(d * K, d * K + P), d * P);
    return out;
  }

  private frame(step: number): RunFrame {
    const { problem } = this;
    const P = parameterCount(problem);
    const N = problem.devices;
    return {
      step,
      losses: Array.from({ length: N }, (_, r) => batchLoss(problem, this.weights, r * P)),
      singleLoss: batchLoss(problem, this.single),
      ...spreadOf(this.weights, N, P),
      gap: gapOf(this.weights, this.single, N, P),
      bound: this.request.sync ? this.bound.value : null,
    };
  }

  destroy(): void {
    this.gradients.destroy();
    this.collective.destroy();
  }
}
