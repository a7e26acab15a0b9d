// @vitest-environment jsdom
// The cells of large pictures, painted rather than made of SVG elements: what each cell shows must
// be what the SVG cells show (devices.css), drawn here through the SVG painter the export uses.
import { describe, expect, it } from 'vitest';
import { cardShape } from '../../../../src/ui/devices/card/cardShape';
import type { ChunkView } from '../../../../src/ui/devices/card/chunkViews';
import { drawCells, outlineOf, type CellPalette, type CellScene } from '../../../../src/ui/devices/paint/drawCells';
import { SvgPainter } from '../../../../src/ui/devices/paint/svgPainter';

const PALETTE: CellPalette = { cell: '#f7f8fa', scratch: '#e6e9ef', border: '#d9dee6', reduce: '#2f6fed', copy: '#8a5cf6', ok: '#1f8a4c', danger: '#d1343c' };

function view(set: number[], extra: Partial<ChunkView> = {}): ChunkView {
  return { set: Int32Array.from(set), complete: false, text: null, received: null, flagged: false, fault: null, title: null, scratch: false, ...extra };
}

/** Two upright cards of `chunks` cells, `width` px wide, drawn and parsed back. */
function drawn(views: ChunkView[][], width: number, badges: number[] = []) {
  const card = cardShape(width, views[0].length, { devices: 16, chunks: views[0].length, textChars: 0 });
  const scene: CellScene = {
    card,
    centres: views.map((_, d) => ({ x: 100 + d * (width + 20), y: 100 })),
    rotations: views.map(() => 0),
    views,
    devices: 16,
    badges: new Set(badges),
  };
  const painter = new SvgPainter('t');
  drawCells(painter, scene, PALETTE);
  const doc = new DOMParser().parseFromString(`<svg xmlns="http://www.w3.org/2000/svg">${painter.markup()}</svg>`, 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  const strokes = (color: string) => [...doc.querySelectorAll(`path[stroke="${color}"]`)];
  return { doc, card, strokes };
}

describe('painted cells', () => {
  it('outline as devices.css does: wrong over complete over just written; tiny cells only what was written or is wrong', () => {
    const plain = view([0, 1, 1]);
    expect(outlineOf(plain, false)).toMatchObject({ color: 'border', width: 0.75 });
    expect(outlineOf(plain, true)).toBeNull();
    expect(outlineOf({ ...plain, received: 'reduce' }, true)).toMatchObject({ color: 'reduce', width: 1.5, dashed: false });
    expect(outlineOf({ ...plain, received: 'copy' }, false)).toMatchObject({ color: 'copy', dashed: true });
    expect(outlineOf({ ...plain, received: 'copy', complete: true }, false)).toMatchObject({ color: 'ok', width: 2, dashed: false });
    expect(outlineOf({ ...plain, complete: true }, true)).toBeNull();
    expect(outlineOf({ ...plain, complete: true, received: 'reduce', flagged: true }, true)).toMatchObject({ color: 'danger', width: 2.5 });
  });

  it('gives each run of contributions a stripe in its middle device’s slot, and outlines a doubled one', () => {
    // Cell 0 holds devices 0–3 once; cell 1 holds 0–1 and, twice, 8.
    const { doc, card, strokes } = drawn([[view([0, 4, 1]), view([0, 2, 1, 8, 9, 2])]], 120);
    const stripes = [...doc.querySelectorAll('rect')].map((r) => ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))));
    const { cellWidth: w, cellHeight: h } = card;
    const along = card.slotAxis === 'x';
    const expected = [
      [0, 0, 4 / 16],
      [1, 0, 2 / 16],
      [1, 8 / 16, 1 / 16],
    ].map(([chunk, lo, share]) => {
      const x = card.pad + chunk * (w + card.gap);
      const y = card.header + card.pad;
      return along ? [x + lo * w, y, share * w, h] : [x, y + lo * h, w, share * h];
    });
    expect(stripes.map((s) => s.map((v) => Math.round(v * 10) / 10))).toEqual(expected.map((s) => s.map((v) => Math.round(v * 10) / 10)));
    // The doubled run: a square outline in the danger colour, 1 px.
    expect(strokes(PALETTE.danger).map((p) => p.getAttribute('stroke-width'))).toEqual(['1']);
  });

  it('fills complete tiny cells in the complete colour, without stripes', () => {
    const { doc } = drawn([[view([0, 16, 1], { complete: true }), view([0, 3, 1])]], 12);
    expect(doc.querySelectorAll(`path[fill="${PALETTE.ok}"]`)).toHaveLength(1);
    expect(doc.querySelectorAll('rect')).toHaveLength(1);
  });

  it('shades scratch places as devices.css does', () => {
    const { doc } = drawn([[view([0, 3, 1]), view([], { scratch: true }), view([], { scratch: true })]], 120);
    expect(doc.querySelectorAll(`path[fill="${PALETTE.scratch}"]`)).toHaveLength(1);
    expect(doc.querySelectorAll(`path[fill="${PALETTE.cell}"]`)).toHaveLength(1);
  });

  it('leaves the violation badge of a flagged card uncovered, and outlines its wrong cell', () => {
    const wrong = view([0, 2, 1], { flagged: true, fault: 'lacks c₁' });
    const { doc, card, strokes } = drawn(
      [
        [view([0, 1, 1]), view([1, 2, 1])],
        [view([0, 1, 1]), wrong],
      ],
      40,
      [1],
    );
    const clip = doc.querySelector('clipPath path')!;
    expect(clip.getAttribute('clip-rule')).toBe('evenodd');
    // The page's box, then one disc: around card 1's top right corner.
    expect(clip.getAttribute('d')!.match(/M/g)).toHaveLength(2);
    expect(clip.getAttribute('d')!.match(/A/g)).toHaveLength(2);
    // Card 1 is centred at (160, 100): its corner at (180, 100 − height/2), the disc 9 px around it.
    const corner = { x: 160 + card.width / 2, y: 100 - card.height / 2 };
    const round = (v: number) => Math.round(v * 100) / 100;
    expect(clip.getAttribute('d')).toContain(`L${round(corner.x + 9)} ${round(corner.y)}A9 9 0 1 1 ${round(corner.x - 9)} ${round(corner.y)}`);
    expect(doc.querySelector('g[clip-path]')!.querySelectorAll('g[transform]')).toHaveLength(2);
    expect(strokes(PALETTE.danger).map((p) => p.getAttribute('stroke-width'))).toEqual(['2.5']);
  });
});
