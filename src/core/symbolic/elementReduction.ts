// One element of a run explained: the tree that produced it on a device, its f32 value computed as
// the engines compute it, the exact result and the bound of that tree, and which devices hold the
// same expression. Two algorithms on the same data are then compared by the ulps between their
// results: why ring and tree all-reduce may differ in the last bits, and by how much they may.

import type { ReduceOp } from '../ops';
import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { chunkOfElement } from '../schedule/chunks';
import type { Schedule } from '../schedule/ir';
import { addDyadic, dyadicOf, dyadicToNumber, negateDyadic } from './exactValue';
import { ulpDistance } from './f32Bits';
import { combinationFor, withinTolerance } from './numericCheck';
import { reductionAccuracy, type ReductionAccuracy } from './reductionBound';
import { expressionGroups, reductionOrder, sameExpression, type ReductionTree } from './reductionOrder';
import { elementReader, evaluateReduction } from './reductionValue';
import { expectedHolding } from './verify';

/** Devices that end with the same expression (up to swapped operands), so with the same bits. */
export interface ReplicaGroup {
  readonly devices: readonly number[];
  readonly tree: ReductionTree;
  readonly value: number;
  /**
   * The devices whose own last ⊕ made one of these values: one where it was computed once and copied
   * to the rest, all of them where each device computed it itself; none where it is an input.
   */
  readonly reducedOn: readonly number[];
}

export interface ElementReduction {
  readonly element: number;
  readonly chunk: number;
  /** The device whose value is explained. */
  readonly device: number;
  readonly tree: ReductionTree;
  /** The tree evaluated in f32 as the engines evaluate it. */
  readonly value: number;
  readonly accuracy: ReductionAccuracy;
  /** value − exact, rounded once to a double; ±∞ where the f32 result overflowed. */
  readonly error: number;
  /** Whether |error| ≤ the bound. */
  readonly within: boolean;
  /**
   * The expressions of the devices the collective leaves holding the element's result (every device
   * after all-reduce; the root after reduce), grouped; the group holding `device` first.
   */
  readonly replicas: readonly ReplicaGroup[];
}

export interface ElementRequest {
  schedule: Schedule | CompiledSchedule;
  /** N·K inputs, device-major. */
  inputs: Float32Array;
  elements: number;
  element: number;
  op: ReduceOp;
  /** The device to explain; by default the first that must end holding the element's whole result. */
  device?: number;
}

/** The first device the collective leaves holding chunk `chunk`'s whole result (the root of reduce, the owner in reduce-scatter). */
function resultDevice(compiled: CompiledSchedule, chunk: number): number {
  const { devices, schedule } = compiled;
  for (let d = 0; d < devices; d++) {
    const range = expectedHolding(schedule.collective, compiled, d, chunk);
    if (range && range.hi - range.lo > 1) return d;
  }
  return 0;
}

export function explainElement(request: ElementRequest): ElementReduction {
  const { inputs, elements, element, op } = request;
  const compiled = 'stepStart' in request.schedule ? request.schedule : compileSchedule(request.schedule);
  const chunk = chunkOfElement(element, elements, compiled.chunks);
  const device = request.device ?? resultDevice(compiled, chunk);
  const order = reductionOrder(compiled, chunk);
  const read = elementReader(compiled, inputs, elements, element);
  const how = combinationFor(op, compiled.schedule.collective, compiled.devices);
  const tree = order.held[device].tree;
  const value = evaluateReduction(tree, read, how);
  const accuracy = reductionAccuracy(tree, read, how);
  const exact = dyadicToNumber(accuracy.exact);
  const error = Number.isFinite(value) ? dyadicToNumber(addDyadic(dyadicOf(value), negateDyadic(accuracy.exact))) : value - exact;
  const holders = order.held.map((h) => h.device).filter((d) => d === device || expectedHolding(compiled.schedule.collective, compiled, d, chunk) !== null);
  const replicas = expressionGroups(order, holders)
    .map((devices) => {
      const held = order.held[devices[0]].tree;
      const roots = devices.map((d) => order.held[d].tree);
      const reducedOn = [...new Set(roots.flatMap((root) => (root.kind === 'reduce' ? [root.device] : [])))].sort((x, y) => x - y);
      return { devices, tree: held, value: evaluateReduction(held, read, how), reducedOn };
    })
    .sort((a, b) => Number(b.devices.includes(device)) - Number(a.devices.includes(device)));
  return { element, chunk, device, tree, value, accuracy, error, within: withinTolerance(value, exact, accuracy.bound), replicas };
}

/** Two results of one element side by side. */
export interface ElementComparison {
  /** f32 numbers between them: 0 for the same value. */
  readonly ulps: number;
  /** Whether the bits are equal (+0 and −0 are not). */
  readonly identical: boolean;
  /** Whether both trees are the same expression up to swapped operands, which forces equal bits. */
  readonly sameExpression: boolean;
}

export function compareElements(a: ElementReduction, b: ElementReduction): ElementComparison {
  return {
    ulps: ulpDistance(a.value, b.value),
    identical: Object.is(a.value, b.value),
    sameExpression: sameExpression(a.tree, b.tree),
  };
}
