// Multisets of contributions (device ids) as sorted runs [lo, hi, count] — hi exclusive, runs disjoint,
// adjacent runs of equal count merged. Ring, tree and halving schedules keep every set to one or two
// runs, so tracking which contributions each (device, chunk) holds stays cheap at 1024 devices.

export type Contributions = Int32Array;

export const EMPTY: Contributions = new Int32Array(0);

export function single(device: number): Contributions {
  return Int32Array.of(device, device + 1, 1);
}

let scratch = new Int32Array(48);
/** Where tallyRuns adds up counts: zero outside a tally. */
let tally = new Int32Array(0);

function push(n: number, lo: number, hi: number, count: number): number {
  if (n >= 3 && scratch[n - 2] === lo && scratch[n - 1] === count) {
    scratch[n - 2] = hi;
    return n;
  }
  if (n + 3 > scratch.length) {
    const grown = new Int32Array(scratch.length * 2);
    grown.set(scratch);
    scratch = grown;
  }
  scratch[n] = lo;
  scratch[n + 1] = hi;
  scratch[n + 2] = count;
  return n + 3;
}

/** The multiset sum a ⊎ b: counts add where runs overlap. */
export function merge(a: Contributions, b: Contributions): Contributions {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  // The merge may grow the scratch: read it after.
  const n = mergeRuns(a, 0, a.length, b, 0, b.length);
  return scratch.slice(0, n);
}

/**
 * merge over the runs a[aFrom, aTo) and b[bFrom, bTo), for sets kept in one array of their own: the
 * result is the first n entries (n returned) of runsScratch(), until the next merge.
 */
export function mergeRuns(a: Int32Array, aFrom: number, aTo: number, b: Int32Array, bFrom: number, bTo: number): number {
  const INF = 0x7fffffff;
  let i = aFrom;
  let j = bFrom;
  let n = 0;
  let x = Math.min(i < aTo ? a[i] : INF, j < bTo ? b[j] : INF);
  while (i < aTo || j < bTo) {
    const aLo = i < aTo ? a[i] : INF;
    const bLo = j < bTo ? b[j] : INF;
    const inA = aLo <= x;
    const inB = bLo <= x;
    if (!inA && !inB) {
      x = Math.min(aLo, bLo);
      continue;
    }
    const aEnd = inA ? a[i + 1] : aLo;
    const bEnd = inB ? b[j + 1] : bLo;
    const end = Math.min(aEnd, bEnd);
    const count = (inA ? a[i + 2] : 0) + (inB ? b[j + 2] : 0);
    n = push(n, x, end, count);
    x = end;
    if (inA && a[i + 1] === x) i += 3;
    if (inB && b[j + 1] === x) j += 3;
  }
  return n;
}

/** Where mergeRuns and tallied leave their result. */
export function runsScratch(): Int32Array {
  return scratch;
}

/**
 * Adds the runs a[from, to), of devices below `devices`, to what `tallied` sums up: many sets add up in
 * one pass over their runs and one over the devices, where merging them one by one would make a set per
 * merge (naive reduces 1023 sets into each device's chunk in one step).
 */
export function tallyRuns(a: Int32Array, from: number, to: number, devices: number): void {
  if (tally.length <= devices) {
    const grown = new Int32Array(devices + 1);
    grown.set(tally);
    tally = grown;
  }
  for (let i = from; i < to; i += 3) {
    tally[a[i]] += a[i + 2];
    tally[a[i + 1]] -= a[i + 2];
  }
}

/** The sum of the runs tallied since the last call, as the first n entries (n returned) of runsScratch(). */
export function tallied(devices: number): number {
  let n = 0;
  let count = 0;
  for (let d = 0; d < devices; d++) {
    count += tally[d];
    tally[d] = 0;
    if (count > 0) n = push(n, d, d + 1, count);
  }
  tally[devices] = 0;
  return n;
}

/** Number of contributions counted with multiplicity. */
export function size(set: Contributions): number {
  let total = 0;
  for (let i = 0; i < set.length; i += 3) total += (set[i + 1] - set[i]) * set[i + 2];
  return total;
}

export function countOf(set: Contributions, device: number): number {
  for (let i = 0; i < set.length; i += 3) if (set[i] <= device && device < set[i + 1]) return set[i + 2];
  return 0;
}

/** How many of the devices in [lo, hi) the set (or its runs set[from, to)) holds, each counted once. */
export function countWithin(set: Int32Array, lo: number, hi: number, from = 0, to = set.length): number {
  let held = 0;
  for (let i = from; i < to; i += 3) held += Math.max(0, Math.min(hi, set[i + 1]) - Math.max(lo, set[i]));
  return held;
}

/** True when the set is exactly {lo, …, hi−1}, each once. */
export function isRangeOnce(set: Contributions, lo: number, hi: number): boolean {
  return set.length === 3 && set[0] === lo && set[1] === hi && set[2] === 1;
}

/** The devices in the set, each listed once per count, ascending. */
export function members(set: Contributions): number[] {
  const out: number[] = [];
  for (let i = 0; i < set.length; i += 3) {
    for (let d = set[i]; d < set[i + 1]; d++) for (let k = 0; k < set[i + 2]; k++) out.push(d);
  }
  return out;
}

/** The smallest device in [lo, hi) the set does not hold, or −1. */
export function firstAbsent(set: Contributions, lo: number, hi: number): number {
  let expect = lo;
  for (let i = 0; i < set.length && expect < hi; i += 3) {
    if (set[i + 1] <= expect) continue;
    if (set[i] > expect) return expect;
    expect = set[i + 1];
  }
  return expect < hi ? expect : -1;
}

/** The smallest device held more than once, or −1. */
export function firstDoubled(set: Contributions): number {
  for (let i = 0; i < set.length; i += 3) if (set[i + 2] > 1) return set[i];
  return -1;
}
