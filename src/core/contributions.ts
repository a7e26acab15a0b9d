// Multisets of contributions (device ids) as sorted runs [lo, hi, count] — hi exclusive, runs disjoint,
// adjacent runs of equal count merged. Ring, tree and halving schedules keep every set to one or two
// runs, so tracking which contributions each (device, chunk) holds stays cheap at 1024 devices.

export type Contributions = Int32Array;

export const EMPTY: Contributions = new Int32Array(0);

export function single(device: number): Contributions {
  return Int32Array.of(device, device + 1, 1);
}

let scratch = new Int32Array(48);

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
  let i = 0;
  let j = 0;
  let n = 0;
  let x = Math.min(a[0], b[0]);
  const INF = 0x7fffffff;
  while (i < a.length || j < b.length) {
    const aLo = i < a.length ? a[i] : INF;
    const bLo = j < b.length ? b[j] : INF;
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
  return scratch.slice(0, n);
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
