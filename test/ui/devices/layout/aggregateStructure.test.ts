// What the aggregate view draws of an algorithm: the trees' depth bands as nested spans (a sunburst),
// halving-doubling's partner distance by round, and each step's busy links with the chunks they move;
// and every device is found again under the middle of its own wedge.

import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { compileSchedule } from '../../../../src/core/schedule';
import { deviceAt, markAnchor } from '../../../../src/ui/devices/layout/aggregateMarks';
import { aggregateStructure, treeOfChunk, type TreeBands } from '../../../../src/ui/devices/layout/aggregateStructure';
import { stepHeat } from '../../../../src/ui/devices/layout/linkHeat';
import { treeMarks } from '../../../../src/ui/devices/layout/treeMarks';

function trees(algorithm: string, devices: number): TreeBands[] {
  const structure = aggregateStructure(buildSchedule({ algorithm, devices }));
  if (structure.kind !== 'trees') throw new Error(`${algorithm} on ${devices} drew no trees`);
  return structure.trees;
}

describe('the aggregate structure', () => {
  it('lays each of the double tree’s trees out as depth bands whose spans nest, every device once per depth', () => {
    for (const devices of [8, 13, 1024]) {
      const bands = trees('double-tree', devices);
      expect(bands.map((tree) => tree.label)).toEqual([`tree 0 · root GPU-0`, `tree 1 · root GPU-${devices % 2 === 0 ? devices - 1 : 1}`]);
      for (const tree of bands) {
        expect(tree.perDepth.reduce((a, b) => a + b, 0)).toBe(devices);
        expect(tree.end[tree.root] - tree.start[tree.root]).toBe(devices);
        expect(new Set(tree.slot).size).toBe(devices);
        for (let d = 0; d < devices; d++) {
          expect(tree.start[d] <= tree.slot[d] && tree.slot[d] < tree.end[d]).toBe(true);
        }
      }
    }
    expect(trees('double-tree', 1024)[0].perDepth).toEqual([1, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
  });

  it('gives the first half of the chunks to tree 0 and the rest to tree 1', () => {
    const structure = aggregateStructure(buildSchedule({ algorithm: 'double-tree', devices: 8, chunks: 5 }));
    expect([0, 1, 2, 3, 4].map((c) => treeOfChunk(structure, c))).toEqual([0, 0, 0, 1, 1]);
  });

  it('draws one tree for tree, and a ring for a schedule whose transfers leave the tree', () => {
    expect(trees('tree', 16)).toHaveLength(1);
    const schedule = buildSchedule({ algorithm: 'tree', devices: 16 });
    schedule.steps[0].transfers.push({ src: 3, dst: 12, chunk: 0, op: 'reduce' });
    expect(aggregateStructure({ ...schedule }).kind).toBe('ring');
  });

  it('tells halving-doubling’s partners by round: halving the distance, then doubling it', () => {
    const structure = aggregateStructure(buildSchedule({ algorithm: 'halving-doubling', devices: 16 }));
    expect(structure.kind === 'partners' && [...structure.distance]).toEqual([8, 4, 2, 1, 1, 2, 4, 8]);
  });

  it('finds every device under the middle of its own wedge, in both discs', () => {
    const bands = trees('double-tree', 64);
    const marks = treeMarks(bands, 64, { width: 960, height: 560 });
    for (const tree of [0, 1])
      for (let d = 0; d < 64; d++) {
        const { x, y } = markAnchor(marks, d, tree);
        expect(deviceAt(marks, x, y)).toBe(d);
      }
  });
});

describe('the heat of a step’s links', () => {
  it('counts the chunks each busy link moves: ring moves one a link, halving-doubling’s first round half the buffer', () => {
    const ring = stepHeat(compileSchedule(buildSchedule({ algorithm: 'ring', devices: 8 })), 0, null);
    expect(ring).toMatchObject({ busy: 8, most: 1, least: 1, chunks: 8 });
    const halving = stepHeat(compileSchedule(buildSchedule({ algorithm: 'halving-doubling', devices: 16 })), 0, null);
    expect(halving).toMatchObject({ busy: 16, most: 8, least: 8, chunks: 128 });
    expect([...halving.src].map((s, i) => Math.abs(s - halving.dst[i]))).toEqual(new Array(16).fill(8));
  });

  it('keeps the double tree’s lanes apart and draws an even spread where naive’s links are too many', () => {
    const schedule = buildSchedule({ algorithm: 'double-tree', devices: 16, chunks: 2 });
    const lanes = Uint8Array.from([0, 1]);
    const heat = stepHeat(compileSchedule(schedule), 0, lanes);
    expect(new Set(heat.lane)).toEqual(new Set([0, 1]));
    const naive = stepHeat(compileSchedule(buildSchedule({ algorithm: 'naive', devices: 64 })), 0, null);
    expect(naive.busy).toBe(64 * 63);
    expect(naive.src.length).toBe(1024);
  });
});
