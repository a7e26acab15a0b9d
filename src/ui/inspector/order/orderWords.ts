// What the reduction-order panel says: the data to choose from, each side's numbers, and the verdict
// on the two results, which names the data when it is why they agree.

import type { ReduceOp } from '../../../core/ops';
import { f32Hex, replicaWords, type ElementComparison, type ElementReduction } from '../../../core/symbolic';
import type { Distribution, OrderSide } from '../../../store/orderComparison';
import { plural } from '../../format';
import { formatValue } from '../numbers';

export const DATA_CHOICES: readonly { value: Distribution; label: string }[] = [
  { value: 'mixed', label: 'mixed, 2⁻¹⁰ to 2¹⁰' },
  { value: 'uniform', label: 'uniform in [−1, 1)' },
  { value: 'integers', label: 'integers 1 to 9 (the picture’s)' },
];

/** "7 additions deep", or what replaces depth for an op whose bound does not follow it. */
export function depthWords(explained: ElementReduction, op: ReduceOp): string {
  const { roundings } = explained.accuracy;
  if (op === 'max' || op === 'min') return `${op} is exact in any order`;
  if (op === 'prod') return `${plural(roundings, 'multiply', 'multiplies')}, each rounding`;
  return `${plural(roundings - (op === 'avg' ? 1 : 0), 'addition')} deep`;
}

/** A small number to three significant figures: 6.1e−5, 0.00103. */
function shortNumber(value: number): string {
  if (value === 0 || !Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 1e-3 && Math.abs(value) < 1e6) return String(Number(value.toPrecision(3))).replace('-', '−');
  const [mantissa, exponent] = value.toExponential(2).split('e');
  return `${Number(mantissa)}e${exponent.replace('+', '')}`.replaceAll('-', '−');
}

/** The value the engine computed, its bits, and whether the tree, evaluated in f32, gives the same. */
export function valueWords(side: OrderSide): { value: string; bits: string; check: string; agrees: boolean } {
  const agrees = Object.is(side.engineValue, side.explained.value);
  const check = agrees ? 'the tree in f32 gives the same bits' : `the tree in f32 gives ${formatValue(side.explained.value)} (${f32Hex(side.explained.value)})`;
  return { value: formatValue(side.engineValue), bits: f32Hex(side.engineValue), check, agrees };
}

/** "|error| 6.1e−5 ≤ γ(5)·Σ|x| = 7.36e−4". */
export function boundWords(explained: ElementReduction, op: ReduceOp): string {
  const { accuracy } = explained;
  const error = `|error| ${shortNumber(Math.abs(explained.error))}`;
  if (op === 'max' || op === 'min' || accuracy.roundings === 0) return `${error} = 0, exact`;
  const scaled = op === 'prod' ? '|Πx|' : 'Σ|x|';
  return `${error} ≤ γ(${accuracy.roundings})·${scaled} = ${shortNumber(accuracy.bound)}`;
}

/** Where the side's value came from: "computed on GPU-1 (finished in step 7), then copied to every other GPU". */
export function originWords(side: OrderSide): string {
  const [own, ...others] = side.explained.replicas;
  const words = replicaWords(own, side.schedule.devices);
  return others.length === 0 ? words : `${words}; ${plural(others.length, 'other group')} of GPUs add in other orders`;
}

export interface OrderVerdict {
  tone: 'same' | 'differ';
  text: string;
}

/** The two results held against each other, and why they agree where they do. */
export function orderVerdict(sides: readonly OrderSide[], comparison: ElementComparison, distribution: Distribution): OrderVerdict {
  const [a, b] = sides.map((side) => side.schedule.algorithm);
  if (!comparison.identical) {
    const between = comparison.ulps === 1 ? 'neighbouring f32 numbers' : `${plural(comparison.ulps - 1, 'f32 number')} lie between them`;
    const within = sides.every((side) => side.explained.within) ? ', each within its bound of the exact result' : '';
    return { tone: 'differ', text: `${a} and ${b} differ by ${plural(comparison.ulps, 'ulp')}: ${between}${within}.` };
  }
  if (comparison.sameExpression) return { tone: 'same', text: `${a} and ${b} add in the same order, up to swapped operands, so they agree to the bit.` };
  const why =
    distribution === 'integers'
      ? 'small integers add exactly in f32 (every sum stays far below 2²⁴), so no order rounds. The data decide: choose mixed magnitudes to see the orders part.'
      : 'on this element no rounding told the orders apart. Try another element: the data decide how often they part.';
  return { tone: 'same', text: `${a} and ${b} add in different orders, yet agree to the bit: ${why}` };
}
