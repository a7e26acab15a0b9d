// Where the iteration lanes go in a figure `width` px wide: the run with overlap above the run
// without, each a header line and two lanes (compute, communication), on one time axis drawn under
// both. A narrow figure (a phone) gives the lane names less room and its text 12 px, never less.

/** No bar is drawn thinner: on a projector or a phone a thinner one is lost. */
export const MIN_BAR_PX = 6;
/** Left between bars that touch, so each reads as its own. */
export const BAR_GAP_PX = 1;
/** Below this width the figure takes its phone layout. */
const NARROW_PX = 520;
/** Room on the right for the last bar drawn wider than its time. */
const RIGHT_PX = 12;

export interface LanesLayout {
  width: number;
  narrow: boolean;
  /** Where time 0 is, and the px the axis spans. */
  left: number;
  inner: number;
  height: number;
  /** Font size of every text in the figure. */
  fontPx: number;
  /** One lane's height, the bar's inside it, and a run's header line. */
  lane: number;
  bar: number;
  head: number;
  /** The x of a time in µs. */
  x(us: number): number;
  /** The top of run r (0: with overlap, 1: without). */
  runTop(run: number): number;
  /** The baseline of the axis's labels, and the bottom of the lanes. */
  axisY: number;
  lanesBottom: number;
}

export function lanesLayout(width: number, totalUs: number): LanesLayout {
  const narrow = width < NARROW_PX;
  const left = narrow ? 62 : 84;
  const inner = Math.max(40, width - left - RIGHT_PX);
  const head = narrow ? 20 : 24;
  const lane = narrow ? 28 : 32;
  const gap = narrow ? 10 : 12;
  const runTop = (run: number) => run * (head + 2 * lane + gap);
  const lanesBottom = runTop(1) + head + 2 * lane;
  const fontPx = narrow ? 12 : 14;
  const axisY = lanesBottom + fontPx + 8;
  return {
    width,
    narrow,
    left,
    inner,
    height: axisY + 6,
    fontPx,
    lane,
    bar: lane - 8,
    head,
    x: (us) => left + (us / (totalUs || 1)) * inner,
    runTop,
    axisY,
    lanesBottom,
  };
}

/** Round times for the axis, as many as fit with room between their labels ("600 ms" at the font's size). */
export function axisTicks(totalUs: number, inner: number, fontPx: number): number[] {
  const raw = totalUs / Math.max(2, Math.floor(inner / (fontPx * 5.5)));
  const power = 10 ** Math.floor(Math.log10(Math.max(raw, 1e-9)));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  return Array.from({ length: Math.floor(totalUs / step + 1e-9) + 1 }, (_, i) => i * step);
}

/** About how wide a text is at a font size: for deciding whether a label fits a bar. */
export function textWidth(text: string, fontPx: number): number {
  return text.length * fontPx * 0.6;
}
