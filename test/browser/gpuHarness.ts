// Runs every CPU ⇔ WebGPU equality case on the page's own WebGPU (navigator.gpu) and publishes the
// outcome on window.__gradsync for the test that drives the page, and as text in the page.

import { buildSchedule } from '../../src/core/algorithms';
import { GradsyncError } from '../../src/core/errors';
import { CpuEngine } from '../../src/engine/cpu/cpuEngine';
import { generateInputs } from '../../src/engine/inputs';
import { browserGpu } from '../../src/engine/webgpu/browser';
import { describeAdapter, type GpuProvider } from '../../src/engine/webgpu/gpuDevice';
import { WebGpuEngine } from '../../src/engine/webgpu/webgpuEngine';
import { describeScenario, gpuEquivalenceCases, type Scenario } from '../fixtures/scenarios';

interface CaseResult {
  name: string;
  equal: boolean;
  /** First element (device-major) whose bits differ, or -1. */
  firstDifference: number;
  /** The two values there, as bits and numbers; null when equal. */
  difference: string | null;
  steps: number;
  /** Submissions of a whole run (run()), and of the same run stepped a step at a time. */
  submissions: number;
  steppedSubmissions: number;
  /** Readbacks while stepping, before the stepped result is read. */
  readbacksWhileStepping: number;
  ms: number;
}

export interface HarnessState {
  done: boolean;
  adapter: string | null;
  /** Why the page has no WebGPU adapter, when it has none. */
  unavailable: string | null;
  total: number;
  results: CaseResult[];
  error: string | null;
}

declare global {
  interface Window {
    __gradsync?: HarnessState;
  }
}

const state: HarnessState = { done: false, adapter: null, unavailable: null, total: 0, results: [], error: null };
window.__gradsync = state;

function hexBits(bits: number): string {
  return `0x${bits.toString(16).padStart(8, '0')}`;
}

/** Bit-for-bit comparison: NaN payloads, signed zeros and last-place differences all count. */
function compareBits(cpu: Float32Array, gpu: Float32Array): { firstDifference: number; difference: string | null } {
  if (cpu.length !== gpu.length) return { firstDifference: Math.min(cpu.length, gpu.length), difference: `cpu has ${cpu.length} values, gpu ${gpu.length}` };
  const cpuBits = new Uint32Array(cpu.buffer, cpu.byteOffset, cpu.length);
  const gpuBits = new Uint32Array(gpu.buffer, gpu.byteOffset, gpu.length);
  for (let i = 0; i < cpuBits.length; i++) {
    if (cpuBits[i] !== gpuBits[i]) {
      return { firstDifference: i, difference: `cpu ${hexBits(cpuBits[i])} (${cpu[i]}) ≠ gpu ${hexBits(gpuBits[i])} (${gpu[i]})` };
    }
  }
  return { firstDifference: -1, difference: null };
}

async function runCase(provider: GpuProvider, scenario: Scenario, seed: number): Promise<CaseResult> {
  const started = performance.now();
  const schedule = buildSchedule(scenario);
  const { elements, op } = scenario;
  const inputs = generateInputs(schedule.devices, elements, op, seed, 'mixed');
  const cpu = new CpuEngine({ schedule, elements, op });
  cpu.load(inputs);
  cpu.run();
  const gpu = await WebGpuEngine.create({ schedule, elements, op, provider });
  try {
    // Whole, then stepped as the app steps: both equal the CPU engine.
    gpu.load(inputs);
    gpu.run();
    const submissions = gpu.stats.submissions;
    const whole = compareBits(cpu.read(), await gpu.read());
    gpu.load(inputs);
    const before = { ...gpu.stats };
    for (let s = 0; s < gpu.steps; s++) gpu.step();
    const steppedSubmissions = gpu.stats.submissions - before.submissions;
    const readbacksWhileStepping = gpu.stats.readbacks - before.readbacks;
    const stepped = compareBits(cpu.read(), await gpu.read());
    const { firstDifference, difference } = whole.firstDifference >= 0 ? whole : stepped;
    return {
      name: describeScenario(scenario),
      equal: firstDifference < 0,
      firstDifference,
      difference,
      steps: gpu.steps,
      submissions,
      steppedSubmissions,
      readbacksWhileStepping,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    gpu.destroy();
  }
}

function render(): void {
  const unequal = state.results.filter((r) => !r.equal);
  const lines = [
    `adapter: ${state.adapter ?? state.unavailable ?? '…'}`,
    `cases: ${state.results.length} of ${state.total} run, ${unequal.length} unequal`,
    ...unequal.map((r) => `UNEQUAL ${r.name}: element ${r.firstDifference}: ${r.difference}`),
    ...(state.error ? [`error: ${state.error}`] : []),
    ...(state.done ? ['done'] : []),
  ];
  document.getElementById('summary')!.textContent = lines.join('\n');
}

function fail(error: unknown): void {
  state.error = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error);
  state.done = true;
  render();
}

async function main(): Promise<void> {
  let provider: GpuProvider;
  try {
    provider = await browserGpu();
  } catch (error) {
    if (!(error instanceof GradsyncError && error.code === 'unavailable')) throw error;
    state.unavailable = error.message;
    state.done = true;
    render();
    return;
  }
  const adapter = await provider.gpu.requestAdapter({ powerPreference: 'high-performance' });
  state.adapter = adapter ? describeAdapter(adapter) : null;
  const cases = gpuEquivalenceCases();
  state.total = cases.length;
  for (const [index, scenario] of cases.entries()) {
    state.results.push(await runCase(provider, scenario, index + 1));
    render();
  }
  state.done = true;
  render();
}

addEventListener('error', (event) => fail(event.error ?? event.message));
addEventListener('unhandledrejection', (event) => fail(event.reason));
main().catch(fail);
