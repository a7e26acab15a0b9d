// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { cellCentre } from '../../../src/ui/devices/layout/geometry';
import { diagramExportSvg, exportSvg } from '../../../src/ui/share/exportDocument';
import { pictureGeometry } from '../../../src/ui/devices/layout/pictureGeometry';
import type { ExportColors } from '../../../src/ui/share/exportLegend';
import { insideBox, pointAt } from '../../../src/ui/share/quadratic';
import { transferArrows } from '../../../src/ui/share/transferArrows';
import { pictureCaption, stepLine } from '../../../src/ui/share/exportWords';
import { wrapText, textWidth } from '../../../src/ui/share/exportText';

const ring4 = buildSchedule({ collective: 'allreduce', algorithm: 'ring', devices: 4 });
const SIZE = { width: 960, height: 560 };
const COLORS: ExportColors = {
  background: 'rgb(255, 255, 255)',
  text: 'rgb(23, 32, 44)',
  muted: 'rgb(91, 102, 117)',
  reduce: 'rgb(47, 111, 237)',
  copy: 'rgb(138, 92, 246)',
  complete: 'rgb(31, 138, 76)',
  completeFill: 'rgb(247, 248, 250)',
};
const PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="560"><g class="gs-dv-cards"/></svg>`;

function parse(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

describe('the words of an exported picture', () => {
  it('heads each step as the narration does, with the seeds’ phase name and the schedule’s', () => {
    expect(stepLine(ring4, 0)).toBe('Before the first step');
    expect(stepLine(ring4, 2)).toBe('Step 2 of 6 · share-reduce (reduce-scatter)');
    expect(stepLine(ring4, 6)).toBe('Step 6 of 6 · share-only (allgather)');
    expect(stepLine(buildSchedule({ collective: 'allreduce', algorithm: 'tree', devices: 4 }), 1)).toBe('Step 1 of 7 · reduce');
  });

  it('captions the configuration: algorithm and collective, GPUs, size, op, and the tool', () => {
    expect(pictureCaption({ schedule: ring4, customName: null, elements: 1024, op: 'sum' })).toBe(
      'ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync',
    );
    const hring = buildSchedule({ collective: 'allreduce', algorithm: 'hierarchical-ring', devices: 16, devicesPerNode: 4 });
    expect(pictureCaption({ schedule: hring, customName: null, elements: 1 << 20, op: 'max' })).toBe(
      'hierarchical-ring all-reduce · 16 GPUs in nodes of 4 · 1,048,576 elements (4.00 MiB) each · max · gradsync',
    );
    const broadcast = buildSchedule({ collective: 'broadcast', algorithm: 'ring', devices: 1 });
    expect(pictureCaption({ schedule: broadcast, customName: 'mine.json', elements: 1, op: 'sum' })).toBe(
      'mine.json broadcast · 1 GPU · 1 element (4 B) each · gradsync',
    );
  });

  it('wraps long lines after “·” and keeps every line within the width', () => {
    const caption = 'ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync';
    expect(wrapText(caption, 1000, 12.5)).toEqual([caption]);
    expect(wrapText(caption, 240, 12.5)).toEqual(['ring all-reduce · 4 GPUs', '1,024 elements (4.00 KiB) each', 'sum · gradsync']);
    // A part too long for a line breaks between its words.
    const lines = wrapText(caption, 200, 12.5);
    expect(lines).toEqual(['ring all-reduce · 4 GPUs', '1,024 elements (4.00 KiB)', 'each · sum · gradsync']);
    for (const line of lines) expect(textWidth(line, 12.5)).toBeLessThanOrEqual(200);
  });
});

describe('the arrows of a step', () => {
  it('ring on 4 at step 2: one reduce arrow per transfer, from the edge of the source cell to the edge of the destination cell', () => {
    const picture = pictureGeometry(ring4, SIZE);
    const { arrows, transfers } = transferArrows(ring4, 2, picture);
    expect(transfers).toBe(4);
    expect(arrows.map((a) => [a.src, a.dst, a.chunk, a.op])).toEqual([
      [0, 1, 3, 'reduce'],
      [1, 2, 0, 'reduce'],
      [2, 3, 1, 'reduce'],
      [3, 0, 2, 'reduce'],
    ]);
    const { card } = picture.geometry;
    const box = (device: number, chunk: number, grow: number) => ({
      centre: cellCentre(picture.geometry, device, chunk),
      halfWidth: card.cellWidth / 2 + grow,
      halfHeight: card.cellHeight / 2 + grow,
      turnDeg: 0,
    });
    for (const arrow of arrows) {
      const start = arrow.shaft[0];
      const tip = arrow.head[0];
      expect(insideBox(box(arrow.src, arrow.chunk, 0), start)).toBe(false);
      expect(insideBox(box(arrow.src, arrow.chunk, 3), start)).toBe(true);
      expect(insideBox(box(arrow.dst, arrow.chunk, 0), tip)).toBe(false);
      expect(insideBox(box(arrow.dst, arrow.chunk, 3), tip)).toBe(true);
      // The shaft ends under the head, short of the tip.
      const end = pointAt(arrow.shaft, 1);
      expect(Math.hypot(end.x - tip.x, end.y - tip.y)).toBeGreaterThan(2);
    }
  });

  it('draws all-gather steps as copies and nothing before the first step', () => {
    const picture = pictureGeometry(ring4, SIZE);
    expect(transferArrows(ring4, 4, picture).arrows.map((a) => a.op)).toEqual(['copy', 'copy', 'copy', 'copy']);
    expect(transferArrows(ring4, 0, picture).arrows).toEqual([]);
  });

  it('thins a crowded step as the live picture does, and says so', () => {
    const naive = buildSchedule({ collective: 'allreduce', algorithm: 'naive', devices: 24 });
    const svg = diagramExportSvg({ title: 't', caption: 'c', schedule: naive, step: 1, size: SIZE, pictureMarkup: PICTURE, legend: [], colors: COLORS });
    const doc = parse(svg.text);
    expect(doc.querySelectorAll('.gs-export-arrow')).toHaveLength(256);
    expect(doc.querySelector('.gs-export-step')!.textContent).toBe('Step 1 of 1 · exchange · 256 of 552 transfers drawn');
  });
});

describe('the export SVG document', () => {
  const text = diagramExportSvg({
    title: 'gradsync: ring on 4 devices, step 2 of 6',
    caption: 'ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync',
    schedule: ring4,
    step: 2,
    size: SIZE,
    pictureMarkup: PICTURE,
    legend: [
      { swatch: { kind: 'arrow', op: 'reduce' }, label: 'reduce: added in' },
      { swatch: { kind: 'arrow', op: 'copy' }, label: 'copy: overwrites' },
      { swatch: { kind: 'complete' }, label: 'complete chunk' },
    ],
    colors: COLORS,
  });

  it('stacks the step line, the picture with its arrows, the legend and the caption, as wide as the picture', () => {
    const doc = parse(text.text);
    const root = doc.documentElement;
    expect([root.getAttribute('width'), text.width]).toEqual(['960', 960]);
    expect(root.getAttribute('height')).toBe(String(text.height));
    expect(text.height).toBe(560 + 36 + 6 + 22 + 8 + 17 + 12);
    expect(root.querySelector('title')!.textContent).toBe('gradsync: ring on 4 devices, step 2 of 6');
    expect(root.querySelector('.gs-export-step')!.textContent).toBe('Step 2 of 6 · share-reduce (reduce-scatter)');
    expect(root.querySelector('.gs-export-picture')!.getAttribute('transform')).toBe('translate(0,36)');
    expect(root.querySelectorAll('.gs-export-picture > svg .gs-dv-cards')).toHaveLength(1);
    expect(root.querySelectorAll('.gs-export-arrow--reduce')).toHaveLength(4);
    expect([...root.querySelectorAll('.gs-export-legend text')].map((t) => t.textContent)).toEqual(['reduce: added in', 'copy: overwrites', 'complete chunk']);
    expect(root.querySelector('.gs-export-caption')!.textContent).toBe('ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync');
  });

  it('paints only resolved colours, in generic fonts', () => {
    expect(text.text).not.toContain('var(');
    const doc = parse(text.text);
    expect(doc.documentElement.getAttribute('font-family')).toBe('system-ui, sans-serif');
    const arrow = doc.querySelector('.gs-export-arrow--reduce')!;
    expect([...arrow.querySelectorAll('path')].map((p) => p.getAttribute('stroke'))).toEqual(['rgb(255, 255, 255)', 'rgb(47, 111, 237)', 'rgb(255, 255, 255)']);
    expect(arrow.querySelectorAll('path')[2].getAttribute('fill')).toBe('rgb(47, 111, 237)');
  });

  it('dashes copies in the copy colour', () => {
    const doc = parse(
      diagramExportSvg({ title: 't', caption: 'c', schedule: ring4, step: 5, size: SIZE, pictureMarkup: PICTURE, legend: [], colors: COLORS }).text,
    );
    const shafts = [...doc.querySelectorAll('.gs-export-arrow--copy')].map((g) => g.querySelectorAll('path')[1]);
    expect(shafts).toHaveLength(4);
    for (const shaft of shafts) expect([shaft.getAttribute('stroke'), shaft.getAttribute('stroke-dasharray')]).toEqual(['rgb(138, 92, 246)', '6.8 4.5']);
  });

  it('grows its words for a picture shown smaller, and wraps them at its width', () => {
    const small = exportSvg({
      title: 't',
      width: 320,
      picture: { markup: '', height: 100 },
      arrows: null,
      stepLine: 'Step 2 of 6 · share-reduce (reduce-scatter)',
      caption: 'ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync',
      legend: [],
      colors: COLORS,
      textScale: 2,
    });
    const doc = parse(small.text);
    const steps = [...doc.querySelectorAll('.gs-export-step text')];
    expect(steps.map((t) => [t.textContent, t.getAttribute('font-size')])).toEqual([
      ['Step 2 of 6', '30'],
      ['share-reduce', '30'],
      ['(reduce-scatter)', '30'],
    ]);
    expect(doc.querySelectorAll('.gs-export-caption text').length).toBeGreaterThan(3);
  });
});
