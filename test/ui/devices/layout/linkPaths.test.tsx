// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule, type BuildRequest } from '../../../../src/core/algorithms';
import { longestExpression } from '../../../../src/ui/devices/card/cardShape';
import { DevicesLegend } from '../../../../src/ui/devices/DevicesLegend';
import { diagramGeometry, type DiagramGeometry } from '../../../../src/ui/devices/layout/geometry';
import { deviceLayout, type DeviceLayout } from '../../../../src/ui/devices/layout/layouts';
import { avoidCards } from '../../../../src/ui/devices/layout/linkPaths';

const SIZES = [
  { width: 960, height: 560 },
  { width: 690, height: 340 },
  { width: 360, height: 420 },
];

function drawn(request: BuildRequest, size: { width: number; height: number }): { layout: DeviceLayout; geometry: DiagramGeometry } {
  const schedule = buildSchedule(request);
  const layout = deviceLayout(schedule, size.width / size.height);
  const content = { devices: schedule.devices, chunks: schedule.chunks, textChars: longestExpression(schedule.devices, schedule.chunks) };
  return { layout, geometry: diagramGeometry(layout, size, content) };
}

afterEach(cleanup);

describe('links in pixels', () => {
  it('keeps the partner arcs inside the drawing and clear of the cards beyond them', () => {
    for (const size of SIZES) {
      for (const n of [4, 6, 8, 12, 16, 24, 31, 32, 48, 64]) {
        const { layout, geometry } = drawn({ algorithm: 'halving-doubling', devices: n }, size);
        const { card, centres } = geometry;
        layout.links.forEach((link, i) => {
          if (!link.arc) return;
          const { from, to, control } = geometry.links[i];
          const peak = (from.y + 2 * control!.y + to.y) / 4;
          const name = `N=${n} ${link.a}–${link.b} at ${size.width}×${size.height}`;
          expect(from.y, name).toBe(centres[link.a].y + (link.arc.side === 'above' ? -1 : 1) * (card.height / 2));
          if (link.arc.side === 'above') {
            expect(peak, name).toBeLessThan(from.y);
            expect(peak, name).toBeGreaterThanOrEqual(0);
          } else {
            expect(peak, name).toBeGreaterThan(from.y);
            expect(peak, name).toBeLessThanOrEqual(size.height);
          }
          // A device that folds first stands beyond the arcs: the highest arc stops 4 px short of its card.
          const folded = layout.links.find(
            (l) => l.kind === 'fold' && centres[l.a].y !== centres[l.b].y && (link.arc!.side === 'above') === centres[l.a].y < centres[l.b].y,
          );
          if (folded && link.arc.limit !== undefined) {
            const edge = centres[folded.a].y + (link.arc.side === 'above' ? 1 : -1) * (card.height / 2);
            if (link.arc.reach === 1) expect(peak, name).toBeCloseTo(edge + (link.arc.side === 'above' ? 4 : -4), 6);
            else expect(Math.abs(peak - from.y), name).toBeLessThan(Math.abs(edge - from.y));
          }
        });
      }
    }
  });

  it('names each tree’s root beside its card, in its tree’s colour, on the side away from the links, or outside its edge where that is not clear', () => {
    for (const n of [2, 3, 7, 8, 16, 32]) {
      const { layout, geometry } = drawn({ algorithm: 'double-tree', devices: n }, SIZES[0]);
      const { card, centres } = geometry;
      for (const root of layout.roots!) {
        const label = geometry.labels.find((l) => l.text === root.label)!;
        const centre = centres[root.device];
        const right = centre.x < SIZES[0].width / 2;
        // Where the name does not clear the next card beside its own, it stands centred outside the card's edge.
        if (label.anchor === 'middle') {
          expect([label.x, label.kind], `N=${n} ${root.label}`).toEqual([centre.x, root.kind]);
          expect(Math.abs(label.y - centre.y), `N=${n} ${root.label}`).toBeGreaterThan(card.height / 2);
          continue;
        }
        expect([label.x, label.anchor, label.kind], `N=${n} ${root.label}`).toEqual([
          centre.x + (right ? 1 : -1) * (card.width / 2 + 6),
          right ? 'start' : 'end',
          root.kind,
        ]);
        // Level with the card's edge away from the middle: its top in the upper half (tree 0's root, drawn by depth), else its bottom.
        const inset = card.height / 2 - Math.min(card.height / 2, 9);
        expect(label.y, `N=${n} ${root.label}`).toBe(centre.y + (centre.y <= SIZES[0].height / 2 ? -inset : inset));
      }
    }
  });

  it('bows a straight link around a card it would run under, by the smallest bend that clears it', () => {
    const card = { width: 120, height: 60 };
    const centres = [
      { x: 100, y: 100 },
      { x: 300, y: 100 },
      { x: 500, y: 100 },
    ];
    const straight = (a: number, b: number) => ({ a, b, kind: 'chord' as const, from: centres[a], to: centres[b], control: null });
    const [over, next] = avoidCards([straight(0, 2), straight(0, 1)], centres, card);
    // Half a card height (either way) still runs under GPU-1; one card height (60 px) clears it.
    expect(over.control).toEqual({ x: 300, y: 160 });
    expect(next.control).toBeNull();
  });

  it('says in the legend which colour is which tree, its root and its chunks; and the partner distances', () => {
    const items = (request: BuildRequest) => {
      const schedule = buildSchedule(request);
      const { container } = render(<DevicesLegend layout={deviceLayout(schedule)} chunks={schedule.chunks} />);
      const texts = [...container.querySelectorAll('li')].map((li) => [
        li.querySelector('line')?.getAttribute('class') ?? null,
        li.textContent!.replace(/^\+/, ''),
      ]);
      cleanup();
      return texts.filter(([line]) => line !== null);
    };
    expect(items({ algorithm: 'double-tree', devices: 8 })).toEqual([
      // A tree's key is an arrow in the colour its transfers' arrows take.
      ['gs-dv-step-link gs-dv-step-link--tree0 gs-dv-key-arrow', 'tree 0: chunks 1–4'],
      ['gs-dv-step-link gs-dv-step-link--tree1 gs-dv-key-arrow', 'tree 1: chunks 5–8'],
    ]);
    expect(items({ algorithm: 'double-tree', devices: 5, chunks: 3 })).toEqual([
      ['gs-dv-step-link gs-dv-step-link--tree0 gs-dv-key-arrow', 'tree 0: chunks 1–2'],
      ['gs-dv-step-link gs-dv-step-link--tree1 gs-dv-key-arrow', 'tree 1: chunk 3'],
    ]);
    expect(items({ algorithm: 'halving-doubling', devices: 12 })).toEqual([
      ['gs-dv-link gs-dv-link--partner', 'partners at distance d = 1, 2, 4'],
      ['gs-dv-link gs-dv-link--fold', 'fold first'],
    ]);
    expect(items({ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 })).toEqual([
      ['gs-dv-link gs-dv-link--intra', 'inside a node'],
      ['gs-dv-link gs-dv-link--inter', 'between nodes'],
    ]);
  });
});
