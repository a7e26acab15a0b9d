// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { cellCentre } from '../../../src/ui/devices/layout/geometry';
import { diagramExportSvg, exportSvg } from '../../../src/ui/share/exportDocument';
import { pictureGeometry } from '../../../src/ui/devices/layout/pictureGeometry';
import type { ExportColors } from '../../../src/ui/share/exportLegend';
import { cardObstacles } from '../../../src/ui/devices/arrows/arrowObstacles';
import { insideBox, pointAt } from '../../../src/ui/devices/arrows/cubic';
import { narrationLines } from '../../../src/ui/share/exportNarration';
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
  tree0: 'rgb(47, 111, 237)',
  tree1: 'rgb(183, 121, 31)',
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
      const start = arrow.shaft[0][0];
      const tip = arrow.head[0];
      expect(insideBox(box(arrow.src, arrow.chunk, 0), start)).toBe(false);
      expect(insideBox(box(arrow.src, arrow.chunk, 3), start)).toBe(true);
      expect(insideBox(box(arrow.dst, arrow.chunk, 0), tip)).toBe(false);
      expect(insideBox(box(arrow.dst, arrow.chunk, 3), tip)).toBe(true);
      // The shaft ends under the head, short of the tip.
      const end = pointAt(arrow.shaft[arrow.shaft.length - 1], 1);
      expect(Math.hypot(end.x - tip.x, end.y - tip.y)).toBeGreaterThan(2);
    }
  });

  it('draws all-gather steps as copies and nothing before the first step', () => {
    const picture = pictureGeometry(ring4, SIZE);
    expect(transferArrows(ring4, 4, picture).arrows.map((a) => a.op)).toEqual(['copy', 'copy', 'copy', 'copy']);
    expect(transferArrows(ring4, 0, picture).arrows).toEqual([]);
  });

  it('never crosses a card’s title: its name or its badge', () => {
    for (const [algorithm, devices, size] of [
      ['ring', 4, SIZE],
      ['ring', 8, { width: 830, height: 500 }],
      ['double-tree', 8, SIZE],
      ['halving-doubling', 8, { width: 600, height: 420 }],
    ] as const) {
      const schedule = buildSchedule({ collective: 'allreduce', algorithm, devices });
      const picture = pictureGeometry(schedule, size);
      const titles = cardObstacles(picture.geometry).flatMap((card) => card.titles);
      expect(titles.length).toBe(2 * devices);
      for (let step = 1; step <= schedule.steps.length; step++) {
        const { arrows, width } = transferArrows(schedule, step, picture);
        for (const { shaft, head, src, dst } of arrows) {
          // About every px along the shaft, and the head's corners.
          const along = (curve: (typeof shaft)[number]) => Array.from({ length: 1001 }, (_, i) => pointAt(curve, i / 1000));
          const points = [...head, ...shaft.flatMap(along)];
          const crossed = points.some((p) => titles.some((title) => insideBox(title.box, p, width / 2)));
          expect(crossed, `${algorithm} on ${devices}, step ${step}: ${src}→${dst}`).toBe(false);
        }
      }
    }
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

  it('paints only resolved colours, in the embedded font before generic ones', () => {
    expect(text.text).not.toContain('var(');
    const doc = parse(text.text);
    expect(doc.documentElement.getAttribute('font-family')).toBe('gradsync-sans, system-ui, sans-serif');
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

  it('draws a double tree’s arrows in their tree’s colour, as the live picture does', () => {
    const dtree = buildSchedule({ collective: 'allreduce', algorithm: 'double-tree', devices: 8 });
    const doc = parse(
      diagramExportSvg({ title: 't', caption: 'c', schedule: dtree, step: 3, size: SIZE, pictureMarkup: PICTURE, legend: [], colors: COLORS }).text,
    );
    const colours = [...doc.querySelectorAll('.gs-export-arrow')].map((g) => [
      Number(g.getAttribute('data-chunk')),
      g.querySelectorAll('path')[1].getAttribute('stroke'),
    ]);
    expect(colours.length).toBeGreaterThan(0);
    // Chunks 1–4 travel on tree 0, chunks 5–8 on tree 1 (0-based 0–3 and 4–7).
    for (const [chunk, stroke] of colours) expect(stroke).toBe(Number(chunk) < 4 ? COLORS.tree0 : COLORS.tree1);
    expect(new Set(colours.map(([, stroke]) => stroke)).size).toBe(2);
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

  it('carries its fonts, and a recording’s narration in a band of fixed rows under the picture', () => {
    const parts = {
      title: 't',
      width: 960,
      picture: { markup: '', height: 100 },
      arrows: null,
      stepLine: 'Step 1 of 6',
      caption: 'c',
      legend: [],
      colors: COLORS,
    };
    const plain = exportSvg(parts);
    const narrated = exportSvg({
      ...parts,
      fonts: '@font-face{font-family:gradsync-sans;src:url(data:font/woff2;base64,AAAA) format("woff2")}',
      narration: { sentences: ['GPU-0 sends a₄ to GPU-1, where it gets added to b₄.'], total: 4, rows: 3 },
    });
    const doc = parse(narrated.text);
    expect(doc.querySelector('defs > style')!.textContent).toContain('font-family:gradsync-sans');
    expect(plain.text).not.toContain('<style>');
    expect([...doc.querySelectorAll('.gs-export-narration text')].map((t) => t.textContent)).toEqual([
      'GPU-0 sends a₄ to GPU-1, where it gets added to b₄.',
      '… and 3 more transfers in this step.',
    ]);
    // Three rows and their margins, whatever the step says.
    expect(narrated.height - plain.height).toBe(3 * 19 + 2 * 8 + 8);
    expect(doc.querySelector('.gs-export-narration rect')!.getAttribute('width')).toBe('960');
  });
});

describe('the narration band', () => {
  const sentence = (i: number) => `GPU-${i} sends a₁ to GPU-${i + 1}, where it gets added to b₁.`;

  it('tells whole sentences while they fit and counts the rest on a row of its own', () => {
    const sentences = [0, 1, 2, 3, 4, 5].map(sentence);
    expect(narrationLines({ sentences: sentences.slice(0, 4), total: 4, rows: 4 }, 900, 13.5)).toEqual(sentences.slice(0, 4));
    expect(narrationLines({ sentences, total: 16, rows: 4 }, 900, 13.5)).toEqual([...sentences.slice(0, 3), '… and 13 more transfers in this step.']);
    // Sentences wrapped over two rows each: two fit beside the count.
    const narrow = narrationLines({ sentences, total: 16, rows: 5 }, 300, 13.5);
    expect(narrow).toHaveLength(5);
    expect(narrow.at(-1)).toBe('… and 14 more transfers in this step.');
  });

  it('cuts a paragraph too long for the band at a word', () => {
    const paragraph = Array.from({ length: 12 }, (_, i) => sentence(i)).join(' ');
    const lines = narrationLines({ sentences: [paragraph], total: 1, rows: 2 }, 500, 13.5);
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith(' …')).toBe(true);
    for (const line of lines) expect(textWidth(line, 13.5)).toBeLessThanOrEqual(500);
  });
});
