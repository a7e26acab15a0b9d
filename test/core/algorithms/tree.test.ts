import { describe, expect, it } from 'vitest';
import { btree, dtree, type TreeShape } from '../../../src/core/algorithms/btree';
import { doubleTree } from '../../../src/core/algorithms/doubleTree';
import { tree } from '../../../src/core/algorithms/tree';
import { GradsyncError } from '../../../src/core/errors';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';

const CHUNK_COUNTS = [1, 2, 3, 4, 8, 13];
const LARGE_DEVICE_COUNTS = [100, 255, 256, 257, 1000, 1024];
const smallDeviceCounts = Array.from({ length: 64 }, (_, i) => i + 1);
const ceilLog2 = (n: number) => Math.ceil(Math.log2(n));

function transferCount(schedule: Schedule): number {
  return schedule.steps.reduce((sum, step) => sum + step.transfers.length, 0);
}

/** Chunk messages each device sends and receives over the whole schedule. */
function messagesPerDevice(schedule: Schedule): { sent: number[]; received: number[] } {
  const sent = new Array<number>(schedule.devices).fill(0);
  const received = new Array<number>(schedule.devices).fill(0);
  for (const step of schedule.steps) {
    for (const t of step.transfers) {
      sent[t.src]++;
      received[t.dst]++;
    }
  }
  return { sent, received };
}

const degree = (t: TreeShape, d: number) => t.children[d].length + (t.parent[d] === -1 ? 0 : 1);

describe.each([
  { spec: tree, defaultChunks: 4, pipelined: (chunks: number) => chunks },
  { spec: doubleTree, defaultChunks: 8, pipelined: (chunks: number) => Math.ceil(chunks / 2) },
])('$spec.id all-reduce', ({ spec, defaultChunks, pipelined }) => {
  it('is a verified all-reduce for N = 1..64 and chunks 1, 2, 3, 4, 8, 13', () => {
    for (const devices of smallDeviceCounts) {
      for (const chunks of CHUNK_COUNTS) {
        const result = verifySchedule(spec.build({ devices, chunks }));
        if (!result.ok) expect({ devices, chunks, violation: result.violation?.message }).toBe('ok');
      }
    }
  });

  it('is a verified all-reduce for N = 100, 255, 256, 257, 1000, 1024', () => {
    for (const devices of LARGE_DEVICE_COUNTS) {
      for (const chunks of CHUNK_COUNTS) {
        const result = verifySchedule(spec.build({ devices, chunks }));
        if (!result.ok) expect({ devices, chunks, violation: result.violation?.message }).toBe('ok');
      }
    }
  });

  it('takes (chunks per tree) − 1 + 2⌈log2 N⌉ steps, and none for one device', () => {
    for (const devices of [...smallDeviceCounts, ...LARGE_DEVICE_COUNTS]) {
      for (const chunks of CHUNK_COUNTS) {
        const expected = devices === 1 ? 0 : pipelined(chunks) - 1 + 2 * ceilLog2(devices);
        expect(spec.build({ devices, chunks }).steps.length).toBe(expected);
      }
    }
  });

  it(`uses ${defaultChunks} chunks by default`, () => {
    const schedule = spec.build({ devices: 5 });
    expect([schedule.chunks, schedule.algorithm, schedule.collective]).toEqual([defaultChunks, spec.id, 'allreduce']);
  });

  it('moves every chunk once up and once down each of the N − 1 tree edges', () => {
    for (const devices of [1, 2, 3, 7, 8, 33, 64]) {
      for (const chunks of CHUNK_COUNTS) {
        expect(transferCount(spec.build({ devices, chunks }))).toBe(2 * (devices - 1) * chunks);
      }
    }
  });

  it('names a step by what it does: reduce, broadcast or reduce+broadcast', () => {
    for (const step of spec.build({ devices: 13, chunks: 5 }).steps) {
      const ops = new Set(step.transfers.map((t) => t.op));
      const expected = ops.size === 2 ? 'reduce+broadcast' : ops.has('reduce') ? 'reduce' : 'broadcast';
      expect(step.phase).toBe(expected);
    }
  });

  it('orders the transfers of a step by chunk, then sender, then receiver', () => {
    for (const step of spec.build({ devices: 29, chunks: 6 }).steps) {
      const keys = step.transfers.map((t) => [t.chunk, t.src, t.dst]);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
      expect(keys).toEqual(sorted);
    }
  });

  it('rejects chunk counts that are not positive integers', () => {
    for (const chunks of [0, -1, 2.5]) {
      expect(() => spec.build({ devices: 4, chunks })).toThrow(GradsyncError);
    }
  });
});

describe('tree all-reduce', () => {
  it('pipelines 2 chunks over 0 → 2 → {1, 3} on 4 devices, reducing chunk 1 while broadcasting chunk 0', () => {
    expect(tree.build({ devices: 4, chunks: 2 }).steps).toEqual([
      {
        phase: 'reduce',
        transfers: [
          { src: 1, dst: 2, chunk: 0, op: 'reduce' },
          { src: 3, dst: 2, chunk: 0, op: 'reduce' },
        ],
      },
      {
        phase: 'reduce',
        transfers: [
          { src: 2, dst: 0, chunk: 0, op: 'reduce' },
          { src: 1, dst: 2, chunk: 1, op: 'reduce' },
          { src: 3, dst: 2, chunk: 1, op: 'reduce' },
        ],
      },
      {
        phase: 'reduce+broadcast',
        transfers: [
          { src: 0, dst: 2, chunk: 0, op: 'copy' },
          { src: 2, dst: 0, chunk: 1, op: 'reduce' },
        ],
      },
      {
        phase: 'broadcast',
        transfers: [
          { src: 2, dst: 1, chunk: 0, op: 'copy' },
          { src: 2, dst: 3, chunk: 0, op: 'copy' },
          { src: 0, dst: 2, chunk: 1, op: 'copy' },
        ],
      },
      {
        phase: 'broadcast',
        transfers: [
          { src: 2, dst: 1, chunk: 1, op: 'copy' },
          { src: 2, dst: 3, chunk: 1, op: 'copy' },
        ],
      },
    ]);
  });

  it('sends chunk c up from a device of height h at step c + h, so leaves send chunk c at step c', () => {
    const schedule = tree.build({ devices: 7, chunks: 3 });
    // btree(7): 0 → 4 → {2 → {1, 3}, 6 → {5}}; heights 1, 3, 5: 0; 2, 6: 1; 4: 2.
    const height = [3, 0, 1, 0, 2, 0, 1];
    schedule.steps.forEach((step, s) => {
      for (const t of step.transfers.filter((t) => t.op === 'reduce')) expect(s).toBe(t.chunk + height[t.src]);
    });
  });
});

describe('double-tree all-reduce', () => {
  it('carries chunks [0, ⌈C/2⌉) only along tree 0 and the rest only along tree 1, reduces up and copies down', () => {
    for (const devices of [2, 3, 4, 7, 8, 16, 31, 64, 257]) {
      const trees = dtree(devices);
      for (const chunks of CHUNK_COUNTS) {
        const split = Math.ceil(chunks / 2);
        for (const step of doubleTree.build({ devices, chunks }).steps) {
          for (const t of step.transfers) {
            const own = trees[t.chunk < split ? 0 : 1];
            const upEdge = own.parent[t.src] === t.dst;
            const downEdge = own.parent[t.dst] === t.src;
            expect({ devices, chunks, t, along: t.op === 'reduce' ? upEdge : downEdge }).toEqual({ devices, chunks, t, along: true });
          }
        }
      }
    }
  });

  it('with one chunk is the tree all-reduce on tree 0, tree 1 idle', () => {
    for (const devices of [1, 2, 5, 8, 100]) {
      expect(doubleTree.build({ devices, chunks: 1 }).steps).toEqual(tree.build({ devices, chunks: 1 }).steps);
    }
  });

  it('has each device send and receive (its degree in tree t) × (chunks of tree t) messages, summed over both trees', () => {
    for (const devices of [1, 2, 3, 4, 5, 6, 7, 8, 12, 33, 64, 100]) {
      const [t0, t1] = dtree(devices);
      for (const chunks of CHUNK_COUNTS) {
        const split = Math.ceil(chunks / 2);
        const expected = Array.from({ length: devices }, (_, d) => degree(t0, d) * split + degree(t1, d) * (chunks - split));
        const { sent, received } = messagesPerDevice(doubleTree.build({ devices, chunks }));
        expect(sent).toEqual(expected);
        expect(received).toEqual(expected);
      }
    }
  });

  it('caps every port at 3·⌈C/2⌉ + ⌊C/2⌋ messages each way for N ≥ 4, where the single tree reaches 3·C', () => {
    for (const devices of [4, 5, 6, 7, 8, 9, 16, 33, 64, 100, 255]) {
      for (const chunks of CHUNK_COUNTS) {
        const half = Math.ceil(chunks / 2);
        const double = messagesPerDevice(doubleTree.build({ devices, chunks }));
        const single = messagesPerDevice(tree.build({ devices, chunks }));
        expect(Math.max(...double.sent, ...double.received)).toBe(3 * half + (chunks - half));
        expect(Math.max(...single.sent, ...single.received)).toBe(3 * chunks);
      }
    }
  });

  it('builds its trees from btree: tree 0 is btree(N)', () => {
    expect(dtree(10)[0]).toEqual(btree(10));
  });
});
