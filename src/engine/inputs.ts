// Deterministic test gradients: the same seed gives the same data in the CLI, the app and the tests.
// Values are normal f32 numbers (never subnormal), since GPUs may flush subnormals to zero.

import type { ReduceOp } from '../core/ops';
import { random } from '../core/random';

export type Distribution = 'uniform' | 'mixed' | 'integers';

/**
 * N·K values, device-major. 'uniform': in [−1, 1) on a 2⁻²³ grid. 'mixed': magnitudes spread over
 * 2⁻¹⁰ … 2¹⁰ with random signs, where the order of additions visibly changes the last bits.
 * 'integers': 1 … 9, so sums can be checked by eye (and stay exact in f32 up to 2²⁴).
 * For prod, factors lie in [0.5, 2) so long products stay far from overflow and underflow.
 */
export function generateInputs(devices: number, elements: number, op: ReduceOp, seed = 1, distribution: Distribution = 'uniform'): Float32Array {
  const next = random(seed);
  const out = new Float32Array(devices * elements);
  if (op === 'prod') {
    for (let i = 0; i < out.length; i++) out[i] = 2 ** (next() * 2 - 1) * (next() < 0.5 ? -1 : 1);
    return out;
  }
  if (distribution === 'mixed') {
    const powers = Array.from({ length: 21 }, (_, k) => 2 ** (k - 10));
    for (let i = 0; i < out.length; i++) {
      // One draw: 16 bits of mantissa, the exponent from the next bits, the sign from the top bit.
      const bits = Math.floor(next() * 4294967296);
      const mantissa = 1 + (bits & 0xffff) / 65536;
      out[i] = mantissa * powers[((bits >>> 16) & 0x7fff) % 21] * (bits < 0x80000000 ? 1 : -1);
    }
    return out;
  }
  if (distribution === 'integers') {
    for (let i = 0; i < out.length; i++) out[i] = 1 + Math.floor(next() * 9);
    return out;
  }
  for (let i = 0; i < out.length; i++) out[i] = Math.floor(next() * 16777216) / 8388608 - 1;
  return out;
}
