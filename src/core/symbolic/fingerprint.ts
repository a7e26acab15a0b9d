// The fingerprint of a reduction's expression, two 32-bit hashes: equal up to commuting operands means
// bit-identical results. The symbolic tracker and the chunk-by-chunk proof both compute it from here.

function mix(a: number, b: number, seed: number): number {
  let h = Math.imul(a ^ seed, 0x9e3779b1) ^ b;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The first hash of device `device`'s untouched input. */
export const leafH1 = (device: number): number => mix(device, 0x51ed, 7);
/** The second hash of device `device`'s untouched input. */
export const leafH2 = (device: number): number => mix(device, 0x2c1b, 8);

/** The first hash of x + y, from x's hashes (x1, x2) and y's (y1, y2). */
export const sumH1 = (x1: number, x2: number, y1: number, y2: number): number => mix(mix(x1, y1, 1), mix(x2, y2, 2), 3);
/** The second hash of x + y: y's hashes crossed, so that swapping the operands still differs from h1. */
export const sumH2 = (x1: number, x2: number, y1: number, y2: number): number => mix(mix(x1, y2, 4), mix(x2, y1, 5), 6);
