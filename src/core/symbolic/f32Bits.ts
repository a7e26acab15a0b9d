// An f32 value as its bits: the hex a debugger shows, and how many f32 numbers lie between two of
// them (their distance in units in the last place), which is how results of different reduction
// orders are told apart.

const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);

/** The 32 bits of f32(x). */
export function f32Bits(x: number): number {
  scratch[0] = x;
  return scratchBits[0];
}

/** The bits as 0x3f800000 (eight hex digits). */
export function f32Hex(x: number): string {
  return `0x${f32Bits(x).toString(16).padStart(8, '0')}`;
}

/**
 * The position of f32(x) on the line of all f32 numbers, counted from zero: +0 and −0 both sit at 0,
 * the smallest subnormals at ±1, and +∞ one past the largest finite number.
 */
function orderedIndex(x: number): number {
  const bits = f32Bits(x);
  const magnitude = bits & 0x7fffffff;
  return bits >>> 31 === 1 ? -magnitude : magnitude;
}

/**
 * How many steps of one f32 ulp lead from f32(a) to f32(b): 0 for equal values (+0 and −0 too), 1 for
 * neighbours, across zero the steps on both sides. NaN when either is NaN.
 */
export function ulpDistance(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  return Math.abs(orderedIndex(a) - orderedIndex(b));
}
