// Compares one device's values, chunk by chunk, with the combination of a given set of
// contributions per chunk (what it holds now, or what the collective requires at the end).

import { compare, expectElement, type Combination } from '../../core/symbolic';

export interface DeviceCheck {
  /** Values compared (chunks with no terms given are skipped). */
  checked: number;
  differing: number;
  /** Largest |difference| in ulps among the values within tolerance. */
  maxUlps: number;
  /** Chunks with at least one differing value, ascending. */
  differingChunks: number[];
}

export function checkDevice(
  values: Float32Array,
  inputs: Float32Array,
  elements: number,
  offsets: Int32Array,
  termsPerChunk: readonly (readonly number[] | null)[],
  how: Combination,
): DeviceCheck {
  let checked = 0;
  let differing = 0;
  let maxUlps = 0;
  const differingChunks: number[] = [];
  for (let c = 0; c < termsPerChunk.length; c++) {
    const terms = termsPerChunk[c];
    if (!terms) continue;
    let chunkDiffers = false;
    for (let e = offsets[c]; e < offsets[c + 1]; e++) {
      const difference = compare(values[e], expectElement(terms, inputs, elements, e, how));
      checked++;
      if (difference.within) {
        maxUlps = Math.max(maxUlps, Math.abs(difference.ulps));
      } else {
        differing++;
        chunkDiffers = true;
      }
    }
    if (chunkDiffers) differingChunks.push(c);
  }
  return { checked, differing, maxUlps, differingChunks };
}
