// @vitest-environment jsdom
// The export of the live devices picture: its snapshot, the arrows where its cells are, its legend's
// words, and the state's step line and caption.
import { act, cleanup } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { compileSchedule } from '../../../src/core/schedule/compile';
import { StepTracker } from '../../../src/core/symbolic/stepTracker';
import { DevicesView } from '../../../src/ui/devices/DevicesView';
import { pictureGeometry } from '../../../src/ui/devices/layout/pictureGeometry';
import { svgBlob } from '../../../src/ui/share/exportFiles';
import { findPicture } from '../../../src/ui/share/picture';
import type { SimConfig } from '../../../src/store/config';
import { showWithStore } from '../showWithStore';
import { readText } from './downloads';

async function exported(config: Partial<SimConfig>, step: number): Promise<{ doc: Document; text: string }> {
  cleanup();
  const store = showWithStore(
    <div className="gs-root">
      <DevicesView />
    </div>,
    config,
    step,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const picture = findPicture(document)!;
  const blob = await svgBlob(picture, 'the title', store.getState());
  expect(blob.type).toBe('image/svg+xml');
  const text = await readText(blob);
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return { doc, text };
}

const arrowsOf = (doc: Document) =>
  [...doc.querySelectorAll('.gs-export-arrow')].map(
    (g) => `${g.getAttribute('data-src')}→${g.getAttribute('data-dst')} chunk ${g.getAttribute('data-chunk')} ${g.getAttribute('class')!.split('--')[1]}`,
  );

describe('the exported picture of the devices view', () => {
  it('ring on 4 at step 2: the cards, four reduce arrows, "Step 2 of 6" and a caption naming ring and 4 GPUs', async () => {
    const { doc, text } = await exported({ algorithm: 'ring', devices: 4 }, 2);
    expect(arrowsOf(doc)).toEqual(['0→1 chunk 3 reduce', '1→2 chunk 0 reduce', '2→3 chunk 1 reduce', '3→0 chunk 2 reduce']);
    expect(doc.querySelector('.gs-export-step')!.textContent).toBe('Step 2 of 6 · share-reduce (reduce-scatter)');
    expect(doc.querySelector('.gs-export-caption')!.textContent).toBe('ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync');
    expect(doc.querySelectorAll('.gs-export-picture .gs-dv-card')).toHaveLength(4);
    for (const name of ['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3']) expect(text).toContain(`>${name}<`);
    expect(doc.documentElement.querySelector('title')!.textContent).toBe('the title');
    expect(text).not.toContain('var(');
    // An image, not a set of controls.
    expect(doc.querySelectorAll('[tabindex], [role="button"], [aria-pressed]')).toHaveLength(0);
  });

  it('takes its legend’s words from the page’s legend, the link kinds included', async () => {
    const ring = await exported({ algorithm: 'ring', devices: 4 }, 2);
    expect([...ring.doc.querySelectorAll('.gs-export-legend text')].map((t) => t.textContent)).toEqual([
      'reduce: added in',
      'copy: overwrites',
      'complete chunk',
    ]);
    const dtree = await exported({ algorithm: 'double-tree', devices: 8 }, 3);
    const shown = [...document.querySelectorAll('.gs-devices-legend li')].map((li) => li.textContent!.replace(/^\+/, '').trim());
    expect([...dtree.doc.querySelectorAll('.gs-export-legend text')].map((t) => t.textContent)).toEqual(shown);
    expect(shown.filter((label) => label.startsWith('tree '))).toHaveLength(2);
  });

  it('shows all-gather copies as copy arrows, and no arrows before the first step', async () => {
    const later = await exported({ algorithm: 'ring', devices: 4 }, 5);
    expect(arrowsOf(later.doc)).toEqual(['0→1 chunk 0 copy', '1→2 chunk 1 copy', '2→3 chunk 2 copy', '3→0 chunk 3 copy']);
    const start = await exported({ algorithm: 'ring', devices: 4 }, 0);
    expect(arrowsOf(start.doc)).toEqual([]);
    expect(start.doc.querySelector('.gs-export-step')!.textContent).toBe('Before the first step');
  });

  it('computes the geometry the live picture drew: every card where the export expects it', async () => {
    for (const [algorithm, devices] of [
      ['ring', 4],
      ['double-tree', 8],
      ['ring', 16],
      ['master', 5],
    ] as const) {
      const store = showWithStore(<DevicesView />, { algorithm, devices }, 1);
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      const svg = document.querySelector<SVGSVGElement>('svg.gs-devices-svg')!;
      const size = { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')) };
      const { geometry } = pictureGeometry(store.getState().derived!.schedule, size);
      const cards = [...svg.querySelectorAll('.gs-dv-card')];
      expect(cards).toHaveLength(devices);
      for (const card of cards) {
        const d = Number(card.getAttribute('data-device'));
        const [x, y] = card
          .getAttribute('transform')!
          .match(/-?[\d.]+/g)!
          .map(Number);
        const { card: shape, centres, rotations } = geometry;
        // Upright cards are placed by their corner, turned ones by their centre.
        const expected = rotations[d] ? centres[d] : { x: centres[d].x - shape.width / 2, y: centres[d].y - shape.height / 2 };
        expect([x, y]).toEqual([expected.x, expected.y]);
      }
      cleanup();
    }
  });

  it('ring on 64 at step 40: cells painted on a canvas live, written as shapes in the export', async () => {
    const { doc } = await exported({ algorithm: 'ring', devices: 64 }, 40);
    const tracker = new StepTracker(compileSchedule(ring.build({ devices: 64 })));
    tracker.seek(40);
    // Runs of devices each cell holds (a ring's run wraps past GPU-63 as two).
    const runs = (d: number) => tracker.deviceContributions(d).reduce((sum, set) => sum + set.length / 3, 0);
    // Live: cards in the SVG, their 4,096 cells on the canvas over them.
    expect(document.querySelectorAll('.gs-devices-svg .gs-dv-card')).toHaveLength(64);
    expect(document.querySelectorAll('.gs-devices-svg .gs-dv-cell')).toHaveLength(0);
    expect(document.querySelector('canvas.gs-dv-cells')).not.toBeNull();
    // Exported: above the cards, one group per card; every cell a background, and (no chunk is
    // complete before step 63) a stripe for each run of devices it holds.
    const cells = doc.querySelector('.gs-export-picture .gs-dv-cells')!;
    expect(cells).not.toBeNull();
    const cards = [...cells.children].filter((g) => g.getAttribute('transform')?.startsWith('matrix('));
    expect(cards).toHaveLength(64);
    for (const [d, card] of cards.entries()) {
      const backgrounds = card.querySelector('path:not([stroke])')!.getAttribute('d')!;
      expect(backgrounds.match(/M/g)).toHaveLength(64);
      expect(card.querySelectorAll('rect')).toHaveLength(runs(d));
      // The one cell step 40 wrote on each device, outlined in the reduce colour.
      const outlines = [...card.querySelectorAll('path[stroke]')];
      expect(outlines).toHaveLength(1);
      expect(outlines[0].getAttribute('d')!.match(/M/g)).toHaveLength(1);
    }
  });
});
