// Element-wise ⊕ into a destination range. Each runs in double and stores to a Float32Array: for
// + and × of two f32 values that equals one correctly rounded f32 operation (double has more than
// 2·24+2 bits, so rounding twice is innocuous); max and min are exact.

import type { ReduceOp } from '../../core/ops';

export type Combine = (out: Float32Array, at: number, input: Float32Array, from: number, length: number) => void;

function add(out: Float32Array, at: number, input: Float32Array, from: number, length: number): void {
  for (let i = 0; i < length; i++) out[at + i] += input[from + i];
}

function multiply(out: Float32Array, at: number, input: Float32Array, from: number, length: number): void {
  for (let i = 0; i < length; i++) out[at + i] *= input[from + i];
}

function maximum(out: Float32Array, at: number, input: Float32Array, from: number, length: number): void {
  for (let i = 0; i < length; i++) out[at + i] = Math.max(out[at + i], input[from + i]);
}

function minimum(out: Float32Array, at: number, input: Float32Array, from: number, length: number): void {
  for (let i = 0; i < length; i++) out[at + i] = Math.min(out[at + i], input[from + i]);
}

export const combiners: Record<ReduceOp, Combine> = {
  sum: add,
  avg: add,
  prod: multiply,
  max: maximum,
  min: minimum,
};
