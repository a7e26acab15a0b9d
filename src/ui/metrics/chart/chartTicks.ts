// Tick values and labels for the log axes: powers of a base inside a domain, times as "10 µs" / "1 ms",
// sizes as "64 KiB" (ticks at round multiples of the binary unit, not of 1000).

import { scaleLinear } from 'd3-scale';

export function powersIn(base: number, lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let k = Math.ceil(Math.log(lo) / Math.log(base) - 1e-9); base ** k <= hi * (1 + 1e-9); k++) out.push(base ** k);
  return out;
}

/** The unit a time in µs is said in, with its size in µs. */
function timeUnit(us: number): [number, string] {
  return us >= 1e6 ? [1e6, 's'] : us >= 1e3 ? [1e3, 'ms'] : [1, 'µs'];
}

function tickIn([size, unit]: [number, string], us: number): string {
  return `${Number((us / size).toPrecision(3))} ${unit}`;
}

/** A round time tick: 1 µs, 10 µs, 100 µs, 1 ms, … 10 s. */
export function formatTickUs(us: number): string {
  return tickIn(timeUnit(us), us);
}

/** The ticks of one linear axis in one unit, the largest tick's: "0 ms", "5 ms", never "0 µs" beside "5 ms". */
export function formatTicksUs(ticks: readonly number[]): string[] {
  const unit = timeUnit(Math.max(0, ...ticks));
  return ticks.map((us) => tickIn(unit, us));
}

/** A size tick in its binary unit, trailing zeros dropped: 4 B, 64 KiB, 1.5 GiB. */
export function formatTickBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number(value.toPrecision(4))} ${units[unit]}`;
}

/** Round ticks for a byte axis over [lo, hi]: d3's nice ticks counted in KiB, MiB, … rather than bytes. */
export function byteTicks(lo: number, hi: number, count: number): { domain: [number, number]; ticks: number[] } {
  const unit = hi >= 1024 ? 1024 ** Math.floor(Math.log(hi) / Math.log(1024) + 1e-9) : 1;
  const scale = scaleLinear()
    .domain([lo / unit, hi / unit])
    .nice(count);
  const [a, b] = scale.domain();
  return { domain: [a * unit, b * unit], ticks: scale.ticks(count).map((t) => t * unit) };
}
