// scaleModel: every all-reduce algorithm's closed form, beyond the schedules' 4,096 devices; up to them
// it is the cost of the built schedule, time and protocol.
import { describe, expect, it } from 'vitest';
import { algorithmIds, buildSchedule, findAlgorithm } from '../../../src/core/algorithms';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { scaleModel, SCALE_MAX_DEVICES } from '../../../src/core/model/scaleModel';
import { presetById, presetTopology } from '../../../src/core/nccl/presets';
import { GradsyncError } from '../../../src/core/errors';

const ALGORITHMS = algorithmIds('allreduce');
const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
/** Bandwidth so large that a few bytes take no time: what is left is α per step. */
const LATENCY_ONLY = 1e12;
const needsNodes = (algorithm: string) => findAlgorithm('allreduce', algorithm).takesDevicesPerNode === true;

/** The same time up to the order of a float sum (a form multiplies what the schedule's steps add). */
function expectSameTime(actual: number, expected: number, what: string) {
  expect(Math.abs(actual - expected) / Math.max(expected, 1e-9), what).toBeLessThan(1e-12);
}

describe('scaleModel up to the schedules’ limit', () => {
  it('is the cost of the built schedule for every algorithm, N = 2..64, on a switch, on nodes and on Summit, under each protocol', () => {
    for (let n = 2; n <= 64; n++) {
      const g = [6, 4, 3, 2].find((d) => n % d === 0 && d < n) ?? n;
      const machines: Topology[] = [SWITCH, nodesTopology(g, { latencyUs: 2, bandwidthGBs: 200 }, { latencyUs: 9, bandwidthGBs: 25 })];
      if (n <= 6 || n % 6 === 0) machines.push(presetTopology(presetById('summit'), n));
      for (const machine of machines) {
        for (const protocol of ['Simple', 'auto'] as const) {
          const topology = { ...machine, transport: { protocol } };
          const nodes = machine.kind === 'nodes' ? machine.devicesPerNode : g;
          for (const algorithm of ALGORITHMS) {
            const request = { algorithm, devices: n, topology, devicesPerNode: needsNodes(algorithm) || machine.kind === 'nodes' ? nodes : undefined };
            const schedule = buildSchedule(request);
            const model = scaleModel(request);
            for (const k of [2, 1001, 1 << 20]) {
              const cost = modelCost(schedule, k, topology);
              const what = `${algorithm} N=${n} K=${k} ${JSON.stringify(machine)} ${protocol}`;
              const { timeUs, protocol: modelled } = model(k);
              expectSameTime(timeUs, cost.totalUs, what);
              expect(modelled, what).toBe(cost.protocol);
            }
          }
        }
      }
    }
  });

  it('models hierarchical-ring on nodes of another G than its own from its schedule', () => {
    const topology = nodesTopology(2);
    const model = scaleModel({ algorithm: 'hierarchical-ring', devices: 12, topology, devicesPerNode: 4 });
    const schedule = buildSchedule({ algorithm: 'hierarchical-ring', devices: 12, devicesPerNode: 4 });
    expect(model(1000).timeUs).toBe(modelCost(schedule, 1000, topology).totalUs);
  });
});

describe('scaleModel beyond them', () => {
  it('ring on 65,536 devices of a switch is 2(N−1)(α + ⌈K/N⌉·4/B)', () => {
    const n = 65_536;
    for (const k of [2, n, 3 * n + 1, 1 << 28]) {
      expect(scaleModel({ algorithm: 'ring', devices: n, topology: SWITCH })(k).timeUs).toBeCloseTo(2 * (n - 1) * (5 + (Math.ceil(k / n) * 4) / 1e5), 3);
    }
  });

  it('double-tree on 65,536 devices of a switch takes 2·16 steps of α for a few bytes: up its trees’ 16 levels and down', () => {
    const model = scaleModel({ algorithm: 'double-tree', devices: 65_536, topology: { kind: 'switch', latencyUs: 5, bandwidthGBs: LATENCY_ONLY } });
    expect(model(2).timeUs).toBeCloseTo(2 * 16 * 5, 6);
  });

  it('double-tree across 4,096 nodes of 6 takes 2·(5 + 12) steps: the chain inside a node and the tree over nodes, up and down', () => {
    const fabric = { latencyUs: 1, bandwidthGBs: LATENCY_ONLY };
    const model = scaleModel({ algorithm: 'double-tree', devices: 24_576, topology: nodesTopology(6, fabric, fabric), devicesPerNode: 6 });
    expect(model(2).timeUs).toBeCloseTo(2 * (5 + 12), 6);
    // Over devices instead, the double tree is ⌈log2 24,576⌉ = 15 levels deep.
    expect(scaleModel({ algorithm: 'double-tree', devices: 24_576, topology: nodesTopology(6, fabric, fabric) })(2).timeUs).toBeCloseTo(2 * 15, 6);
  });

  it('keeps the double tree’s bus bandwidth on Summit from 96 to 24,576 GPUs with NCCL-sized chunks, where the ring’s falls', () => {
    const summit = presetById('summit');
    const busbw = (algorithm: string, n: number) => {
      const topology = presetTopology(summit, n);
      const k = (256 << 20) / 4;
      const { timeUs } = scaleModel({ algorithm, devices: n, topology, chunks: 512, devicesPerNode: 6 })(k);
      return ((4 * k) / (timeUs * 1e3)) * ((2 * (n - 1)) / n);
    };
    expect(busbw('double-tree', 24_576) / busbw('double-tree', 96)).toBeGreaterThan(0.95);
    expect(busbw('ring', 24_576) / busbw('ring', 96)).toBeLessThan(0.2);
  });

  it('refuses more devices than it models, and options the schedule would refuse', () => {
    expect(() => scaleModel({ algorithm: 'ring', devices: SCALE_MAX_DEVICES + 1, topology: SWITCH })).toThrow(GradsyncError);
    expect(() => scaleModel({ algorithm: 'ring', devices: 0, topology: SWITCH })).toThrow(/devices must be an integer from 1 to 131,072, got 0/);
    expect(() => scaleModel({ algorithm: 'double-tree', devices: 24_576, topology: SWITCH, devicesPerNode: 5 })).toThrow(/G = 5 for N = 24576/);
    expect(() => scaleModel({ algorithm: 'hierarchical-ring', devices: 24_576, topology: SWITCH })).toThrow(GradsyncError);
    expect(() => scaleModel({ algorithm: 'tree', devices: 8, topology: SWITCH, chunks: 0 })).toThrow(/chunks must be/);
    expect(() => scaleModel({ algorithm: 'ring', devices: 24_576, topology: nodesTopology(5) })).toThrow(GradsyncError);
    expect(() => scaleModel({ algorithm: 'ring', devices: 8, topology: SWITCH })(-1)).toThrow(GradsyncError);
  });

  it('has no model of hierarchical-ring beyond 4,096 devices on nodes of another G, and says so', () => {
    expect(() => scaleModel({ algorithm: 'hierarchical-ring', devices: 8192, topology: nodesTopology(2), devicesPerNode: 8 })).toThrow(
      'hierarchical-ring has no closed form on this topology, and no schedule of more than 4,096 devices is built',
    );
  });
});
