// Two reduction orders on the same data, for the inspector: the schedule shown and another algorithm
// of its collective run on one set of inputs, on the engine the figure uses (the WebGPU engine where
// it runs, else the CPU engine), and one element explained on each (core/symbolic elementReduction).
// The inputs are the command line's for the same seed and data, so `gradsync run … --explain-element`
// prints the same numbers.

import { algorithmIds, MATCHUPS } from '../core/algorithms';
import { GradsyncError, refused, type Refused } from '../core/errors';
import type { ReduceOp } from '../core/ops';
import { chunkOfElement, compileSchedule, type Collective, type Schedule } from '../core/schedule';
import { compareElements, expectedHolding, explainElement, type ElementComparison, type ElementReduction } from '../core/symbolic';
import { formatCount } from '../core/units';
import { createEngine, type Backend } from '../engine/engines';
import { generateInputs, type Distribution } from '../engine/inputs';
import type { GpuProvider } from '../engine/webgpu/gpuDevice';
import { describeError, scheduleFor } from './derive';
import type { GpuSource } from './engineRunner';
import type { SimState } from './simState';

export type { Distribution };

/** The most values (devices × elements) run twice for a comparison: 16 MiB of f32 each. */
const ORDER_MAX_VALUES = 1 << 22;
/**
 * The most devices compared: their trees are drawn input by input, and each is read off a replay of
 * the whole schedule on the page (ring on 1024 devices replays two million transfers).
 */
const ORDER_MAX_DEVICES = 64;

interface OrderRequest {
  /** The schedule shown, and the other algorithm's, built from the same configuration; null where its collective has no other. */
  shown: Schedule;
  other: Schedule | null;
  elements: number;
  op: ReduceOp;
  element: number;
  /** The device inspected: its value is explained where it holds the element's result. */
  device: number;
  distribution: Distribution;
  seed: number;
}

export interface OrderSide {
  schedule: Schedule;
  explained: ElementReduction;
  /** What the engine computed for the element on the explained device. */
  engineValue: number;
}

export interface OrderComparison {
  ok: true;
  backend: Backend;
  /** The data it ran on, which may explain why two orders agree. */
  distribution: Distribution;
  sides: OrderSide[];
  /** Between the two sides; null with one side. */
  comparison: ElementComparison | null;
}

/**
 * The algorithm held against `shown` by default: MATCHUPS.order's other side, else its first where
 * the collective has it, else the collective's first other algorithm; null where there is none.
 */
export function orderCounterpart(collective: Collective, shown: string): string | null {
  const ids = algorithmIds(collective).filter((id) => id !== shown);
  const [first, second] = MATCHUPS.order;
  const preferred = shown === first ? second : first;
  return ids.includes(preferred) ? preferred : (ids[0] ?? null);
}

async function finalBuffers(
  schedule: Schedule,
  elements: number,
  op: ReduceOp,
  inputs: Float32Array,
  provider: GpuProvider | null,
): Promise<{ backend: Backend; values: Float32Array }> {
  const engine = await createEngine({ schedule, elements, op }, provider);
  try {
    engine.load(inputs);
    engine.run();
    await engine.finished();
    return { backend: engine.backend, values: await engine.read() };
  } finally {
    engine.destroy();
  }
}

/** Runs both schedules on the same inputs and explains the element on each; refused past ORDER_MAX_VALUES. */
async function compareOrders(request: OrderRequest, provider: GpuProvider | null): Promise<OrderComparison | Refused> {
  const { shown, other, elements, op, element, device, distribution, seed } = request;
  const values = shown.devices * elements;
  if (shown.devices > ORDER_MAX_DEVICES)
    return refused(`reduction orders are compared up to ${ORDER_MAX_DEVICES} devices, and this schedule has ${formatCount(shown.devices)}`);
  if (values > ORDER_MAX_VALUES) {
    return refused(`${formatCount(values)} values are more than the ${formatCount(ORDER_MAX_VALUES)} run twice here; use fewer elements or devices`);
  }
  const inputs = generateInputs(shown.devices, elements, op, seed, distribution);
  const sides: OrderSide[] = [];
  let backend: Backend = 'cpu';
  for (const schedule of other ? [shown, other] : [shown]) {
    const compiled = compileSchedule(schedule);
    const chunk = chunkOfElement(element, elements, schedule.chunks);
    // The inspected device where it ends holding the result; else the one that does (the root, the owner).
    const holds = expectedHolding(schedule.collective, compiled, device, chunk) !== null;
    const explained = explainElement({ schedule: compiled, inputs, elements, element, op, device: holds ? device : undefined });
    let ran: { backend: Backend; values: Float32Array };
    try {
      ran = await finalBuffers(schedule, elements, op, inputs, provider);
    } catch (error) {
      // A GPU that fails here leaves the comparison to the CPU engine, its bit-exact spec.
      if (!(error instanceof GradsyncError) || !provider) throw error;
      ran = await finalBuffers(schedule, elements, op, inputs, null);
    }
    backend = ran.backend;
    sides.push({ schedule, explained, engineValue: ran.values[explained.device * elements + element] });
  }
  const comparison = sides.length === 2 ? compareElements(sides[0].explained, sides[1].explained) : null;
  return { ok: true, backend, distribution, sides, comparison };
}

/** What the inspector asks: the rest comes from the store's configuration and the schedule shown. */
export interface OrderAsk {
  /** The other algorithm, or null for the schedule shown alone. */
  against: string | null;
  element: number;
  device: number;
  distribution: Distribution;
  seed: number;
}

/**
 * The comparison for a store's state: the other algorithm built as the settings would build it (the
 * devices and collective of the schedule shown, its own chunks), on the GPU where the figure's engine runs on one.
 */
export async function compareOrdersOf(
  state: Pick<SimState, 'config' | 'derived' | 'engine'>,
  ask: OrderAsk,
  gpu: GpuSource | null,
): Promise<OrderComparison | Refused> {
  const { config, derived, engine } = state;
  if (!derived) return refused('the schedule is still being prepared');
  const { schedule } = derived;
  let other: Schedule | null = null;
  try {
    if (ask.against !== null)
      other = scheduleFor({ ...config, collective: schedule.collective, devices: schedule.devices, algorithm: ask.against, chunks: null });
  } catch (error) {
    return refused(describeError(error));
  }
  const provider = engine?.active === 'webgpu' && gpu ? await gpu().catch(() => null) : null;
  return compareOrders({ ...ask, shown: schedule, other, elements: config.elements, op: config.op }, provider);
}
