// The comparison's scales: message size on a log₂ axis with as many byte ticks as the width holds;
// bus bandwidth on a log axis where the log spans decades (8 B to 8 GB does), else linear from 0;
// the residuals symmetric about 0, out to a round percentage.

import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3-scale';
import { powersIn } from '../metrics/chart/chartTicks';
import type { CalibrationView } from './calibrationView';

export const MARGIN = { left: 56, right: 14 };

/** Least room between two size labels (px): "128 MiB" at 12 px. */
const LABEL_ROOM = 60;
const EXPONENT_STEPS = [1, 2, 5, 10, 20];

export function sizeScale(view: CalibrationView, width: number) {
  const bytes = view.points.map((p) => p.bytes);
  const lo = Math.min(...bytes);
  const hi = Math.max(...bytes);
  const x = scaleLog()
    .base(2)
    .domain(lo === hi ? [lo / 2, hi * 2] : [lo, hi])
    .range([MARGIN.left + 6, width - MARGIN.right - 6]);
  const [a, b] = x.domain();
  const all = powersIn(2, a, b);
  const room = Math.max(1, Math.floor((width - MARGIN.left - MARGIN.right) / LABEL_ROOM));
  // Powers of two apart by a round step: every one, every other, 32× (1 KiB, 32 KiB, 1 MiB) or 1024×.
  const every = EXPONENT_STEPS.find((step) => all.length / step <= room) ?? EXPONENT_STEPS[EXPONENT_STEPS.length - 1];
  const ticks = all.filter((t) => Math.round(Math.log2(t)) % every === 0);
  return { x, ticks };
}

/** Above this ratio of the highest busbw to the lowest the axis is logarithmic. */
const LOG_SPAN = 30;

export function busbwScale(view: CalibrationView, top: number, bottom: number): { y: ScaleContinuousNumeric<number, number>; ticks: number[]; log: boolean } {
  const values = [
    ...view.points.flatMap((p) => [p.busbwGBs, p.inPlaceBusbwGBs ?? p.busbwGBs]),
    ...view.curves.flatMap((c) => c.points.map((p) => p.busbwGBs)),
  ].filter((v) => v > 0 && Number.isFinite(v));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (hi / lo > LOG_SPAN) {
    const domain: [number, number] = [10 ** Math.floor(Math.log10(lo)), 10 ** Math.ceil(Math.log10(hi))];
    const y = scaleLog().domain(domain).range([bottom, top]).clamp(true);
    const decades = powersIn(10, ...domain);
    // Every other decade where more than six would crowd the axis.
    return { y, ticks: decades.length > 6 ? decades.filter((_, i) => i % 2 === (decades.length - 1) % 2) : decades, log: true };
  }
  const y = scaleLinear()
    .domain([0, hi * 1.05])
    .range([bottom, top])
    .nice(5);
  return { y, ticks: y.ticks(5), log: false };
}

const ROUND_PERCENTS = [2, 5, 10, 20, 50, 100, 200, 500, 1000];

export function residualScale(view: CalibrationView, top: number, bottom: number) {
  const most = Math.max(...view.points.map((p) => Math.abs(p.errorPct)));
  const reach = ROUND_PERCENTS.find((r) => r >= most) ?? Math.ceil(most / 1000) * 1000;
  return { y: scaleLinear().domain([-reach, reach]).range([bottom, top]), reach };
}

/** A bandwidth tick: "0.001", "0.5", "20", "400". */
export function formatTickGBs(value: number): string {
  return String(Number(value.toPrecision(3)));
}
