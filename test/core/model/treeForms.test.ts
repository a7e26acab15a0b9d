// The pipelined trees' closed form (treeForms.ts) against the cost of the schedule the builder writes:
// tree and double-tree, over devices and across nodes, on a switch, on nodes and on presets, under
// each protocol, for every chunk count and K tried, time for time.
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { allreduceModel } from '../../../src/core/model/costFormulas';
import { scaleModel } from '../../../src/core/model/scaleModel';
import { presetById, presetTopology } from '../../../src/core/nccl/presets';
import { random as seededRandom } from '../../../src/core/random';

const TREES = ['tree', 'double-tree'];
const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const CHUNKS = [1, 2, 3, 8, 13];
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** K: none, fewer than the chunks, around multiples of them and of N, and large. */
const sizesFor = (n: number, chunks: number) => [0, 1, chunks - 1, chunks, chunks + 1, n, 3 * n * chunks + 5, 1000, 4099];

function nodes(g: number): Topology {
  return nodesTopology(g, { latencyUs: 3, bandwidthGBs: 150 }, { latencyUs: 12, bandwidthGBs: 20 });
}

interface Case {
  algorithm: string;
  devices: number;
  topology: Topology;
  chunks?: number;
  devicesPerNode?: number;
}

/** Both models of one case, equal at every K given; returns how many K were checked. */
function expectTwins(request: Case, sizes: readonly number[]): number {
  const schedule = buildSchedule(request);
  const form = allreduceModel(request);
  const scale = scaleModel(request);
  for (const k of sizes) {
    const cost = modelCost(schedule, k, request.topology);
    const what = `${request.algorithm} N=${request.devices} G=${request.devicesPerNode} C=${request.chunks} K=${k} on ${JSON.stringify(request.topology)}`;
    expect(form(k), what).toBe(cost.totalUs);
    expect(scale(k), what).toEqual({ timeUs: cost.totalUs, protocol: cost.protocol });
  }
  return sizes.length;
}

describe('the pipelined trees’ closed form equals the cost of their schedule', () => {
  it('over devices and across nodes of every G tried, on a switch and on nodes, N = 1..64, chunks 1, 2, 3, 8, 13', () => {
    let checked = 0;
    for (const n of range(1, 64)) {
      const perNode = [undefined, ...[2, 3, 4, 6, 8].filter((g) => n % g === 0)];
      const topologies = [SWITCH, ...[2, 4, 6].filter((g) => n % g === 0).map(nodes)];
      for (const algorithm of TREES) {
        for (const devicesPerNode of perNode) {
          for (const topology of topologies) {
            for (const chunks of CHUNKS) checked += expectTwins({ algorithm, devices: n, topology, chunks, devicesPerNode }, sizesFor(n, chunks));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20_000);
  });

  it('on Summit and a DGX H100, as NCCL builds its trees across their nodes, under Simple, LL and the fastest protocol', () => {
    for (const [id, counts] of [
      ['summit', [2, 6, 12, 18, 24, 36, 48, 60]],
      ['dgx-h100', [4, 8, 16, 24, 32, 64]],
    ] as const) {
      for (const n of counts) {
        const machine = presetTopology(presetById(id), n);
        const devicesPerNode = machine.kind === 'nodes' ? machine.devicesPerNode : undefined;
        for (const protocol of ['Simple', 'LL', 'auto'] as const) {
          const topology = { ...machine, transport: { protocol } };
          for (const algorithm of TREES) {
            for (const chunks of [1, 8, 64]) expectTwins({ algorithm, devices: n, topology, chunks, devicesPerNode }, [2, 1000, 1 << 16, (1 << 22) + 3]);
          }
        }
      }
    }
  });

  it('at K drawn at random up to 2^30, where chunk lengths differ by one in every pattern', () => {
    const random = seededRandom(7);
    const sizes = Array.from({ length: 60 }, () => Math.floor(random() * 2 ** (1 + Math.floor(random() * 30))));
    for (const [n, g, chunks] of [
      [24, 6, 8],
      [30, 3, 13],
      [64, 8, 100],
      [17, undefined, 7],
    ] as const) {
      for (const algorithm of TREES) expectTwins({ algorithm, devices: n, topology: nodes(g ?? 1), chunks, devicesPerNode: g }, sizes);
    }
  });

  it('up to the schedules’ limit: 100 … 4,096 devices, flat and across nodes of 8', () => {
    for (const n of [100, 255, 256, 257, 1000, 1024, 4096]) {
      for (const algorithm of TREES) {
        expectTwins({ algorithm, devices: n, topology: SWITCH, chunks: 8 }, [2, 4099, 1 << 20]);
        if (n % 8 === 0) expectTwins({ algorithm, devices: n, topology: nodes(8), chunks: 8, devicesPerNode: 8 }, [2, 4099, 1 << 20]);
      }
    }
  });
});
