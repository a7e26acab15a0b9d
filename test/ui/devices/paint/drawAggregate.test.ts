import { describe, expect, it } from 'vitest';
import { ringMarks } from '../../../../src/ui/devices/layout/aggregateMarks';
import { NO_HEAT } from '../../../../src/ui/devices/layout/linkHeat';
import { drawAggregate, type AggregatePalette } from '../../../../src/ui/devices/paint/drawAggregate';

const PALETTE: AggregatePalette = {
  empty: '#dfe9ff',
  full: '#2f6fed',
  complete: '#1f8a4c',
  reduce: '#2f6fed',
  danger: '#d1343c',
  fg: '#17202c',
  muted: '#5b6675',
  border: '#d9dee6',
  panel: '#ffffff',
  track: '#dfe9ff',
  tree0: '#2f6fed',
  tree1: '#b7791f',
};

/** A canvas that records the sectors each fill paints: [fill colour, outer arcs from, to]. */
function recorder() {
  const fills: { color: string; arcs: [number, number][] }[] = [];
  let arcs: [number, number][] = [];
  let outer = true;
  const ctx = {
    fillStyle: '',
    beginPath: () => (arcs = []),
    moveTo: () => (outer = true),
    arc: (_x: number, _y: number, _r: number, a0: number, a1: number) => {
      if (outer) arcs.push([a0, a1]);
      outer = !outer;
    },
    fill: () => fills.push({ color: ctx.fillStyle, arcs }),
  };
  const ignored = new Proxy(ctx, {
    get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined),
    set: (target, key, value) => Reflect.set(target, key, value),
  });
  return { ctx: ignored as unknown as CanvasRenderingContext2D, fills };
}

function draw(completeness: number[]) {
  const size = { width: 600, height: 600 };
  const { ctx, fills } = recorder();
  drawAggregate(
    ctx,
    size,
    {
      marks: ringMarks(completeness.length, size),
      structure: { kind: 'ring' },
      completeness: Float32Array.from(completeness),
      progress: null,
      chunks: completeness.length,
      step: 0,
      heat: NO_HEAT,
      inspected: null,
      flagged: [],
    },
    PALETTE,
  );
  return fills;
}

describe('the aggregate ring', () => {
  it('paints touching wedges of one colour as one sector: 1024 devices at the start are one shape', () => {
    const fills = draw(new Array(1024).fill(1 / 1024));
    expect(fills).toHaveLength(1);
    const [[a0, a1]] = fills[0].arcs;
    expect(a1 - a0).toBeCloseTo(2 * Math.PI, 9);
  });

  it('paints a run per stretch of one colour, and every device in exactly one', () => {
    // Devices 0–99 complete, 100–599 half, 600–1023 complete again: two colours, three runs.
    const completeness = Array.from({ length: 1024 }, (_, d) => (d >= 100 && d < 600 ? 0.5 : 1));
    const fills = draw(completeness);
    expect(fills.map((f) => [f.color, f.arcs.length])).toEqual([
      [expect.any(String), 1],
      [PALETTE.complete, 2],
    ]);
    const covered = fills.flatMap((f) => f.arcs).reduce((sum, [a0, a1]) => sum + (a1 - a0), 0);
    expect(covered).toBeCloseTo(2 * Math.PI, 9);
  });

  it('keeps a wedge per device where wedges stand apart (256 devices or fewer)', () => {
    expect(draw(new Array(64).fill(0.5))[0].arcs).toHaveLength(64);
  });
});
