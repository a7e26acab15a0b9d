// What a reduction tree gives on real f32 data, computed as the engines compute it (docs/
// architecture.md, "Ops and floating point"): avg's inputs first multiplied by f32(1/N) in one
// rounding, then each ⊕ one correctly rounded f32 operation, into ⊕= incoming. max and min take the
// message only when it is strictly larger (smaller), as the engines do, so ±0 come out the same.
// The engines must equal this bit for bit.

import type { ReduceOp } from '../ops';
import type { CompiledSchedule } from '../schedule/compile';
import { chunkOfElement, chunkOffsets } from '../schedule/chunks';
import type { Combination } from './numericCheck';
import { foldTree, type InputLeaf, type ReductionTree } from './reductionOrder';

/** The f32 input a leaf stands for, for one element. */
export type InputReader = (leaf: InputLeaf) => number;

/**
 * The inputs of element `element` of device-major `inputs` (K = `elements` per device). In a plain
 * schedule a leaf is its device's value of the element; where chunks move between places, it is
 * device d's chunk c at the element's offset inside its own chunk. A place nothing was written to holds 0.
 */
export function elementReader(compiled: Pick<CompiledSchedule, 'plain' | 'chunks'>, inputs: Float32Array, elements: number, element: number): InputReader {
  if (compiled.plain) return (leaf) => inputs[leaf.device * elements + element];
  const starts = chunkOffsets(elements, compiled.chunks);
  const offset = element - starts[chunkOfElement(element, elements, compiled.chunks)];
  return (leaf) => (leaf.chunk < 0 ? 0 : inputs[leaf.device * elements + starts[leaf.chunk] + offset]);
}

type F32Combine = (into: number, incoming: number) => number;

const COMBINE: Record<ReduceOp, F32Combine> = {
  sum: (into, incoming) => Math.fround(into + incoming),
  avg: (into, incoming) => Math.fround(into + incoming),
  prod: (into, incoming) => Math.fround(into * incoming),
  max: (into, incoming) => (incoming > into ? incoming : into),
  min: (into, incoming) => (incoming < into ? incoming : into),
};

/** An input as the engines load it: f32, times f32(1/N) rounded to f32 for avg. */
function loadedInput(leaf: InputLeaf, read: InputReader, how: Combination): number {
  const x = leaf.chunk < 0 ? 0 : Math.fround(read(leaf));
  return how.factor === 1 ? x : Math.fround(x * how.factor);
}

/** The f32 result of the tree on the inputs `read` gives. */
export function evaluateReduction(tree: ReductionTree, read: InputReader, how: Combination): number {
  const combine = COMBINE[how.op];
  return foldTree(
    tree,
    (leaf) => loadedInput(leaf, read, how),
    (_node, incoming, into) => combine(into, incoming),
  );
}
