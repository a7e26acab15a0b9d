// How far an f32 reduction may end from the exact result, judged by the shape of its tree.
//
// Higham, Accuracy and Stability of Numerical Algorithms (2nd ed., 2002), §4.2: every way of summing
// two numbers at a time is a tree. An input xᵢ that goes through hᵢ additions on its way to the root
// picks up hᵢ factors (1 + δ), |δ| ≤ u = 2⁻²⁴, so the computed sum is Σ xᵢ(1 + θᵢ) with |θᵢ| ≤ γ(hᵢ)
// (Lemma 3.1), hence |Ŝ − S| ≤ γ(h)·Σ|xᵢ|, h the tree's depth: the most additions on any path.
// Recursive summation, ring's chain, has h = n − 1; a balanced tree has ⌈log₂ n⌉ (pairwise
// summation), which is why trees usually err less. numericCheck.ts' tolerance is the same bound at
// its worst, h = n − 1, for an order it does not know.
//
// avg rounds once more per input (the multiply by f32(1/N)), so k = h + 1 against the exact sum of
// xᵢ·f32(1/N), NCCL's avg as numericCheck.ts defines it. A product rounds the whole product at every
// multiply, so k = n − 1 times |P| whatever the tree. max and min are exact.

import type { Combination } from './numericCheck';
import { gamma } from './numericCheck';
import { absDyadic, addDyadic, compareDyadic, dyadicOf, dyadicToNumber, multiplyDyadic, type Dyadic } from './exactValue';
import { foldTree, treeHeight, treeInputs, type ReductionTree } from './reductionOrder';
import type { InputReader } from './reductionValue';

export interface ReductionAccuracy {
  /** The op applied exactly to the inputs the tree combines (avg: Σ xᵢ·f32(1/N), each product exact). */
  exact: Dyadic;
  /** k of γ(k): the roundings on the worst path. */
  roundings: number;
  /** What γ(k) scales: Σ|xᵢ| for sum and avg, |exact| for prod. */
  magnitude: number;
  /** γ(k) = k·u / (1 − k·u). */
  gamma: number;
  /** γ(k)·magnitude: no f32 evaluation of this tree can end farther from `exact`. */
  bound: number;
}

interface Exact {
  value: Dyadic;
  magnitude: Dyadic;
}

/** The exact result and the bound of the tree on the inputs `read` gives (all finite, as every front end's are). */
export function reductionAccuracy(tree: ReductionTree, read: InputReader, how: Combination): ReductionAccuracy {
  const factor = dyadicOf(how.factor);
  const pick = how.op === 'max' ? 1 : -1;
  const exact = foldTree<Exact>(
    tree,
    (leaf) => {
      const x = multiplyDyadic(dyadicOf(leaf.chunk < 0 ? 0 : Math.fround(read(leaf))), factor);
      return { value: x, magnitude: absDyadic(x) };
    },
    (_node, incoming, into) => {
      if (how.op === 'prod') {
        const value = multiplyDyadic(into.value, incoming.value);
        return { value, magnitude: absDyadic(value) };
      }
      if (how.op === 'max' || how.op === 'min') {
        const value = compareDyadic(incoming.value, into.value) === pick ? incoming.value : into.value;
        return { value, magnitude: absDyadic(value) };
      }
      return { value: addDyadic(into.value, incoming.value), magnitude: addDyadic(into.magnitude, incoming.magnitude) };
    },
  );
  const roundings = roundingsOf(tree, how);
  const magnitude = dyadicToNumber(exact.magnitude);
  const g = gamma(roundings);
  return { exact: exact.value, roundings, magnitude, gamma: g, bound: g * magnitude };
}

function roundingsOf(tree: ReductionTree, how: Combination): number {
  switch (how.op) {
    case 'max':
    case 'min':
      return 0;
    case 'prod':
      return treeInputs(tree) - 1;
    case 'sum':
    case 'avg':
      return treeHeight(tree) + (how.factor === 1 ? 0 : 1);
  }
}
