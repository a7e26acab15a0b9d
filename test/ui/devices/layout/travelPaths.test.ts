import { describe, expect, it } from 'vitest';
import { cardShape } from '../../../../src/ui/devices/card/cardShape';
import { cellCentre, type DiagramGeometry, type LinkPath } from '../../../../src/ui/devices/layout/geometry';
import { linkPiece, PATH_POINTS, pointOnLink, resample, travelPath, visibleSpan } from '../../../../src/ui/devices/layout/travelPaths';

/** Two upright cards 300 px apart on one row, with a straight and a curved link between them. */
function twoCards(): { geometry: DiagramGeometry; straight: LinkPath; curved: LinkPath } {
  const card = cardShape(100, 2, { devices: 2, chunks: 2, textChars: 0 });
  const centres = [
    { x: 100, y: 200 },
    { x: 400, y: 200 },
  ];
  const straight: LinkPath = { a: 0, b: 1, kind: 'ring', from: centres[0], to: centres[1], control: null };
  const curved: LinkPath = { a: 0, b: 1, kind: 'tree0', from: centres[0], to: centres[1], control: { x: 250, y: 0 } };
  return {
    geometry: { size: { width: 500, height: 400 }, card, centres, rotations: [0, 0], links: [straight, curved], groups: [], labels: [] },
    straight,
    curved,
  };
}

function pointsOf(path: Float32Array): { x: number; y: number }[] {
  return Array.from({ length: path.length / 2 }, (_, i) => ({ x: path[2 * i], y: path[2 * i + 1] }));
}

describe('travel paths along links', () => {
  it('finds where a link leaves one card and enters the other: their edges', () => {
    const { geometry, straight } = twoCards();
    const [t0, t1] = visibleSpan(geometry, straight);
    // Within half a pixel: a point on the edge itself counts as outside.
    expect(Math.abs(pointOnLink(straight, t0).x - 150)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(pointOnLink(straight, t1).x - 350)).toBeLessThanOrEqual(0.5);
  });

  it('cuts a curved link into a piece that is the same curve', () => {
    const { curved } = twoCards();
    const piece = linkPiece(curved, 0.2, 0.7);
    for (const u of [0, 0.25, 0.5, 1]) {
      const onPiece = pointOnLink(piece, u);
      const onLink = pointOnLink(curved, 0.2 + 0.5 * u);
      expect([onPiece.x, onPiece.y].map((v) => v.toFixed(6))).toEqual([onLink.x, onLink.y].map((v) => v.toFixed(6)));
    }
  });

  it('runs from the source cell to the card edge, along the link, and into the destination cell', () => {
    const { geometry, straight } = twoCards();
    const way = travelPath(geometry, straight, 1, 0, 1);
    const points = pointsOf(way.points);
    expect(points).toHaveLength(PATH_POINTS);
    const [from, to] = [cellCentre(geometry, 1, 1), cellCentre(geometry, 0, 1)];
    expect([points[0].x, points[0].y]).toEqual([Math.fround(from.x), Math.fround(from.y)]);
    expect([points.at(-1)!.x, points.at(-1)!.y]).toEqual([Math.fround(to.x), Math.fround(to.y)]);
    // Between the cards every point lies on the link (y = 200), travelling right to left.
    const between = points.filter((p) => p.x > 151 && p.x < 349);
    expect(between.length).toBeGreaterThan(PATH_POINTS / 2);
    for (const p of between) expect(p.y).toBeCloseTo(200, 3);
    expect(between.every((p, i) => i === 0 || p.x < between[i - 1].x)).toBe(true);
    expect(way.leaveAt).toBeGreaterThan(0);
    expect(way.enterAt).toBeLessThan(1);
    expect(way.enterAt - way.leaveAt).toBeCloseTo(200 / (200 + Math.hypot(350 - from.x, 200 - from.y) + Math.hypot(150 - to.x, 200 - to.y)), 2);
  });

  it('keeps to the left of travel by the lane in the middle of a link that carries messages both ways', () => {
    const { geometry, straight } = twoCards();
    const right = pointsOf(travelPath(geometry, straight, 0, 1, 0, 6).points);
    const left = pointsOf(travelPath(geometry, straight, 1, 0, 0, 6).points);
    const middle = (points: { x: number; y: number }[]) => points.reduce((best, p) => (Math.abs(p.x - 250) < Math.abs(best.x - 250) ? p : best));
    // Rightward travel keeps left: up the screen; leftward keeps down.
    expect(middle(right).y).toBeCloseTo(194, 0);
    expect(middle(left).y).toBeCloseTo(206, 0);
  });

  it('resamples a polyline to evenly spaced points', () => {
    expect([...resample([0, 0, 10, 0, 10, 30], 5)]).toEqual([0, 0, 10, 0, 10, 10, 10, 20, 10, 30]);
  });
});
