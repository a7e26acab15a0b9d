// Where the picture of what NCCL built puts things: a box a host with its ranks round a circle, and
// a hop between hosts bowed so that it passes behind no other rank (on the example log's every
// channel, ring and tree), where a straight line would.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseNcclLog } from '../../../src/core/ncclLog';
import { buildLayout, hopPath, ringHops, treeHops, type BuildLayout, type Hop } from '../../../src/ui/ncclBuild/buildPicture';
import { clusterLog } from '../../core/ncclLog/ncclLogs';

const log = parseNcclLog(readFileSync(new URL('../../../public/examples/nccl-2x8-h100.log', import.meta.url), 'utf8'));

/** How near the drawn hop comes to the edge of a rank that is neither of its ends. */
function nearestOther(layout: BuildLayout, hop: Hop): number {
  const numbers = hopPath(layout, hop)
    .match(/-?[\d.]+/g)!
    .map(Number);
  const [x0, y0, cx, cy, x1, y1] = numbers;
  let nearest = Infinity;
  for (let i = 0; i <= 100; i++) {
    const t = i / 100;
    const x = (1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1;
    const y = (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1;
    for (const spot of layout.spots) {
      if (spot.rank !== hop.from && spot.rank !== hop.to) nearest = Math.min(nearest, Math.hypot(x - spot.x, y - spot.y) - layout.spotRadius);
    }
  }
  return nearest;
}

describe('the picture of what NCCL built', () => {
  const layout = buildLayout(log);

  it('puts each host in a box of its own, its ranks round a circle inside it', () => {
    expect(layout.nodes.map((n) => n.label)).toEqual(['dgx-h100-a07', 'dgx-h100-a08']);
    for (const spot of layout.spots) {
      const box = layout.nodes[layout.nodeOf[spot.rank]];
      expect(spot.x - layout.spotRadius).toBeGreaterThan(box.x);
      expect(spot.x + layout.spotRadius).toBeLessThan(box.x + box.w);
      expect(spot.y + layout.spotRadius).toBeLessThan(box.y + box.h);
    }
    expect(layout.nodeOf).toEqual([...Array(8).fill(0), ...Array(8).fill(1)]);
  });

  it('bows every hop between hosts clear of the other ranks, on every channel', () => {
    for (let channel = 0; channel < 16; channel++) {
      const across = [...ringHops(log, layout, channel), ...treeHops(log, layout, channel)].filter((h) => h.across);
      expect(across.length).toBeGreaterThanOrEqual(3);
      for (const hop of across) expect(nearestOther(layout, hop), `channel ${channel}: ${hop.from} → ${hop.to}`).toBeGreaterThan(4);
    }
  });

  it('gives each hop the transport the log names for it, a tree link’s either way', () => {
    const ring = ringHops(log, layout, 2);
    expect(ring.filter((h) => h.across).map((h) => [h.from, h.to, h.kind, h.via])).toEqual([
      [1, 10, 'NET', 'NET/IB/2/GDRDMA'],
      [9, 2, 'NET', 'NET/IB/2/GDRDMA'],
    ]);
    expect(new Set(ring.filter((h) => !h.across).map((h) => h.kind))).toEqual(new Set(['P2P']));
    expect(treeHops(log, layout, 2).every((h) => h.kind !== null)).toBe(true);
  });

  it('puts ranks no host line speaks for in a box of their own, named so', () => {
    const text = clusterLog('2.21', { nodes: 2, perNode: 4, channels: 1 })
      .split('\n')
      .filter((line) => !/:4005:/.test(line))
      .join('\n');
    const partial = buildLayout(parseNcclLog(text));
    expect(partial.nodes.map((n) => [n.label, n.known])).toEqual([
      ['node-a', true],
      ['node-b', true],
      ['host not in the log', false],
    ]);
    expect(partial.nodeOf[5]).toBe(2);
  });
});
