import { describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms';
import { longestExpression } from '../../../../src/ui/devices/card/cardShape';
import { cellCentre, diagramGeometry } from '../../../../src/ui/devices/layout/geometry';
import { deviceLayout } from '../../../../src/ui/devices/layout/layouts';

const SIZES = [
  { width: 960, height: 560 },
  { width: 820, height: 480 },
];

const REQUESTS: BuildRequest[] = [2, 3, 4, 5, 8, 13, 16, 32, 64].flatMap((n) => [
  { algorithm: 'ring', devices: n },
  { algorithm: 'master', devices: n },
  { algorithm: 'tree', devices: n },
  { algorithm: 'double-tree', devices: n },
  { collective: 'broadcast', algorithm: 'binomial-tree', devices: n },
  { algorithm: 'halving-doubling', devices: n },
  ...(n % 4 === 0 ? [{ algorithm: 'hierarchical-ring', devices: n, devicesPerNode: 4 }] : []),
]);

describe('card geometry', () => {
  it('keeps every card inside the drawing and upright cards apart from each other', () => {
    for (const size of SIZES) {
      for (const request of REQUESTS) {
        const schedule = buildSchedule(request);
        const layout = deviceLayout(schedule, size.width / size.height);
        const g = diagramGeometry(layout, size, {
          devices: schedule.devices,
          chunks: schedule.chunks,
          textChars: longestExpression(schedule.devices, schedule.chunks),
        });
        const name = `${request.algorithm} N=${request.devices} at ${size.width}×${size.height}`;
        const { width: w, height: h } = g.card;
        for (const [d, c] of g.centres.entries()) {
          const reach = g.rotations[d] ? Math.hypot(w, h) / 2 : 0;
          expect(c.x - (reach || w / 2), name).toBeGreaterThanOrEqual(-0.01);
          expect(c.x + (reach || w / 2), name).toBeLessThanOrEqual(size.width + 0.01);
          expect(c.y - (reach || h / 2), name).toBeGreaterThanOrEqual(-0.01);
          expect(c.y + (reach || h / 2), name).toBeLessThanOrEqual(size.height + 0.01);
        }
        for (let i = 0; i < g.centres.length; i++) {
          for (let j = i + 1; j < g.centres.length; j++) {
            const a = g.centres[i];
            const b = g.centres[j];
            if (g.rotations[i] || g.rotations[j]) expect(Math.hypot(a.x - b.x, a.y - b.y), name).toBeGreaterThanOrEqual(w);
            else expect(Math.abs(a.x - b.x) >= w || Math.abs(a.y - b.y) >= h, `${name}: GPU-${i} and GPU-${j} overlap`).toBe(true);
          }
        }
      }
    }
  });

  it('shows the seeds’ expressions on small pictures only', () => {
    const size = SIZES[0];
    const textFor = (request: BuildRequest) => {
      const schedule = buildSchedule(request);
      const g = diagramGeometry(deviceLayout(schedule), size, {
        devices: schedule.devices,
        chunks: schedule.chunks,
        textChars: longestExpression(schedule.devices, schedule.chunks),
      });
      return g.card.textSize;
    };
    expect(textFor({ algorithm: 'ring', devices: 4 })).toBeGreaterThanOrEqual(10);
    expect(textFor({ algorithm: 'master', devices: 6 })).toBeGreaterThanOrEqual(10);
    expect(textFor({ algorithm: 'ring', devices: 16 })).toBe(0);
    expect(textFor({ algorithm: 'ring', devices: 64 })).toBe(0);
  });

  it('puts every chunk cell of a card inside it, in a row when the row is legible', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const g = diagramGeometry(deviceLayout(schedule), SIZES[0], { devices: 4, chunks: 4, textChars: longestExpression(4, 4) });
    expect(g.card.columns).toBe(4);
    const ys = new Set<number>();
    for (let c = 0; c < 4; c++) {
      const p = cellCentre(g, 1, c);
      ys.add(Math.round(p.y));
      expect(Math.abs(p.x - g.centres[1].x)).toBeLessThan(g.card.width / 2);
      expect(Math.abs(p.y - g.centres[1].y)).toBeLessThan(g.card.height / 2);
    }
    expect(ys.size).toBe(1);
  });
});
