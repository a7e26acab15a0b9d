// compareRows, the rows of `gradsync compare` and of NCCL 2.4's charts: at every device count a
// schedule can be built for, each row is the cost of the schedule `gradsync run` would build with the
// same options — trees across the machine's nodes — on the same topology; where there is no model,
// the row says why.
import { describe, expect, it } from 'vitest';
import { algorithmIds, buildSchedule, findAlgorithm } from '../../../src/core/algorithms';
import { compareRows, isModelled, type CompareRow, type CompareRowsRequest } from '../../../src/core/model/compareRows';
import { modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { presetById, presetTopology } from '../../../src/core/nccl/presets';

const ALGORITHMS = algorithmIds('allreduce');
const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const SIZES = [8, 4100, 1 << 20, 64 << 20];
const summit = presetById('summit');

/** The schedule `gradsync run --algorithm A --devices N` builds for the row's options. */
function scheduleOf(row: CompareRow, topology: Topology, request: CompareRowsRequest) {
  const nodes = topology.kind === 'nodes' ? topology.devicesPerNode : undefined;
  const needsNodes = findAlgorithm('allreduce', row.algorithm).takesDevicesPerNode === true;
  return buildSchedule({
    algorithm: row.algorithm,
    devices: row.devices,
    chunks: findAlgorithm('allreduce', row.algorithm).chunks.kind === 'any' ? request.chunks : undefined,
    devicesPerNode: needsNodes ? (request.devicesPerNode ?? nodes) : nodes,
  });
}

function expectRowsScheduled(request: CompareRowsRequest): number {
  const rows = compareRows(request);
  expect(rows).toHaveLength(request.algorithms.length * request.deviceCounts.length * request.sizes.length);
  for (const row of rows) {
    expect(isModelled(row), JSON.stringify(row)).toBe(true);
    if (!isModelled(row)) continue;
    const topology = request.topologyAt(row.devices);
    const cost = modelCost(scheduleOf(row, topology, request), row.bytes / 4, topology);
    const what = JSON.stringify(row);
    expect(Math.abs(row.timeUs - cost.totalUs) / cost.totalUs, what).toBeLessThan(1e-12);
    expect(row.protocol, what).toBe(cost.protocol);
    expect(row.algbwGBs, what).toBeCloseTo(row.bytes / (row.timeUs * 1e3), 12);
    expect(row.busbwGBs!, what).toBeCloseTo((row.algbwGBs! * 2 * (row.devices - 1)) / row.devices, 12);
  }
  return rows.length;
}

describe('compare’s rows equal the scheduled model where a schedule can be built', () => {
  it('on the default switch, every algorithm, N = 4..64 (hierarchical-ring on nodes of 2)', () => {
    const deviceCounts = Array.from({ length: 31 }, (_, i) => 4 + 2 * i);
    expectRowsScheduled({ algorithms: ALGORITHMS, deviceCounts, sizes: SIZES, topologyAt: () => SWITCH, devicesPerNode: 2 });
  });

  it('on nodes of 4, the trees built across them, with 16 pipeline chunks', () => {
    const topologyAt = () => nodesTopology(4, { latencyUs: 2, bandwidthGBs: 200 }, { latencyUs: 9, bandwidthGBs: 25 });
    expectRowsScheduled({ algorithms: ALGORITHMS, deviceCounts: [4, 8, 12, 16, 32, 64], sizes: SIZES, topologyAt, chunks: 16 });
  });

  it('on Summit, one node and 2 to 10 nodes of 6, under the fastest protocol', () => {
    const topologyAt = (n: number): Topology => ({ ...presetTopology(summit, n), transport: { protocol: 'auto' } });
    expectRowsScheduled({ algorithms: ALGORITHMS, deviceCounts: [6, 12, 18, 24, 36, 48, 60], sizes: SIZES, topologyAt, devicesPerNode: 6 });
    // Part of a node: hierarchical-ring has no nodes of 6 there.
    const withinNode = ALGORITHMS.filter((algorithm) => findAlgorithm('allreduce', algorithm).takesDevicesPerNode !== true);
    expectRowsScheduled({ algorithms: withinNode, deviceCounts: [2, 3, 4], sizes: SIZES, topologyAt, devicesPerNode: 6 });
  });
});

describe('rows without a model', () => {
  it('say why in one line, and leave the other rows as they are', () => {
    const rows = compareRows({
      algorithms: ['ring', 'hierarchical-ring'],
      deviceCounts: [8, 12],
      sizes: [8],
      topologyAt: (n) => presetTopology(summit, n),
      devicesPerNode: 5,
    });
    expect(rows.map((row) => (isModelled(row) ? `${row.algorithm} ${row.devices}` : `${row.algorithm} ${row.devices}: ${row.unavailable}`))).toEqual([
      'ring 8: summit takes at most 6 devices or whole nodes of 6; got 8',
      'hierarchical-ring 8: summit takes at most 6 devices or whole nodes of 6; got 8',
      'ring 12',
      'hierarchical-ring 12: hierarchical-ring needs devices per node G dividing the device count N, got G = 5 for N = 12; try G = 6',
    ]);
  });

  it('come in the order size, device count, algorithm', () => {
    const rows = compareRows({ algorithms: ['double-tree', 'ring'], deviceCounts: [16, 8], sizes: [64, 8], topologyAt: () => SWITCH });
    expect(rows.map((row) => [row.bytes, row.devices, row.algorithm])).toEqual([
      [64, 16, 'double-tree'],
      [64, 16, 'ring'],
      [64, 8, 'double-tree'],
      [64, 8, 'ring'],
      [8, 16, 'double-tree'],
      [8, 16, 'ring'],
      [8, 8, 'double-tree'],
      [8, 8, 'ring'],
    ]);
  });
});

it('models 65,536 devices and Summit’s 24,576 GPUs without building a schedule', () => {
  const rows = compareRows({
    algorithms: ['ring', 'double-tree', 'hierarchical-ring'],
    deviceCounts: [24_576],
    sizes: [8, 256 << 20],
    topologyAt: (n) => presetTopology(summit, n),
    devicesPerNode: 6,
  });
  expect(rows.every(isModelled)).toBe(true);
  const big = compareRows({ algorithms: ['ring', 'double-tree'], deviceCounts: [65_536], sizes: [8], topologyAt: () => SWITCH });
  expect(big.map((row) => isModelled(row) && row.protocol)).toEqual(['Simple', 'Simple']);
});
