// NCCL's tuner, checked against cases worked by hand from NVIDIA/nccl's own formulas: the search's
// speeds (src/graph/search.cc), ncclTopoTuneModel's bandwidths and latencies and ncclTopoGetAlgoTime
// (src/graph/tuning.cc). The arithmetic is written beside each figure.
import { describe, expect, it } from 'vitest';
import { ncclGraphs } from '../../../src/core/nccl/graphs';
import { ncclSystem, type NcclHardware } from '../../../src/core/nccl/system';
import { ncclChoose, ncclTuner, pairName, type NcclTuner } from '../../../src/core/nccl/tuner';
import { explainChoice, ncclCrossovers } from '../../../src/core/nccl/tunerSweep';
import { GradsyncError } from '../../../src/core/errors';

// 8× H100: 18 NVLinks × 20.6 GB/s = 370.8 GB/s into the NVSwitch; NDR NICs 400 Gb/s / 8 = 50 GB/s on PCIe Gen5 x16 = 48.
const H100: NcclHardware = {
  arch: 'Hopper',
  gpusPerNode: 8,
  fabric: 'NVSwitch',
  fabricGBs: 370.8,
  nvls: true,
  nicsPerNode: 8,
  nicGBs: 50,
  nicPcieGBs: 48,
  cpu: 'intel',
};
// 8× A100: 12 NVLinks × 20 GB/s = 240; HDR 200 Gb/s = 25 GB/s on PCIe Gen4 x16 = 24.
const A100: NcclHardware = {
  arch: 'Ampere',
  gpusPerNode: 8,
  fabric: 'NVSwitch',
  fabricGBs: 240,
  nvls: false,
  nicsPerNode: 8,
  nicGBs: 25,
  nicPcieGBs: 24,
  cpu: 'amd',
};
const PCIE: NcclHardware = { ...A100, fabric: 'PCIe', fabricGBs: 24, nicsPerNode: 0 };

/** { 'Ring/LL': [latency µs, bandwidth GB/s] } for the pairs NCCL runs. */
function figures(tuner: NcclTuner): Record<string, [number, number]> {
  return Object.fromEntries(tuner.entries.filter((e) => !e.disabled).map((e) => [pairName(e), [e.latencyUs, e.bandwidthGBs]]));
}

function expectFigures(tuner: NcclTuner, expected: Record<string, [number, number]>) {
  const actual = figures(tuner);
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
  for (const [pair, [latency, bandwidth]] of Object.entries(expected)) {
    expect(actual[pair][0], `${pair} latency`).toBeCloseTo(latency, 9);
    expect(actual[pair][1], `${pair} bandwidth`).toBeCloseTo(bandwidth, 9);
  }
}

describe('the graphs NCCL’s search ends with', () => {
  it('8× H100: rings and trees of 12 channels at 30 GB/s, NVLS of 8 heads at 40 GB/s (60 bwInter)', () => {
    // Ring: from 60 GB/s (≤ 370.8), 6 channels fit (6 × 60 = 360 ≤ 370.8 < 7 × 60); 50, 40, 30 do no
    // better than 360 and 24/60 < 0.49 stops. Doubled (60 ≥ 50): 12 × 30. 12 × 40 = 480 > 370.8.
    // Tree: exactly 12 channels; 30 is the first speed with 12 × s ≤ 370.8 · 8/7 = 423.8, and fits.
    // NVLS: 8 heads; a head's port carries 9 shares: 9 × 50 = 450 > 370.8, 9 × 40 = 360 fits;
    // pass 2 raises bwInter while under 2 × 40: 50, then 60.
    expect(ncclGraphs(ncclSystem(H100, 8))).toEqual({
      ring: { channels: 12, bwIntra: 30, bwInter: 30 },
      tree: { channels: 12, bwIntra: 30, bwInter: 30 },
      nvls: { channels: 8, bwIntra: 40, bwInter: 60 },
      commChannels: 24,
    });
  });

  it('8× A100: 6 × 40 fills 240 GB/s, doubled to 12 × 20; no NVLS', () => {
    expect(ncclGraphs(ncclSystem(A100, 8))).toEqual({
      ring: { channels: 12, bwIntra: 20, bwInter: 20 },
      tree: { channels: 12, bwIntra: 20, bwInter: 20 },
      nvls: null,
      commChannels: 24,
    });
  });

  it('across nodes a ring takes one channel per NIC at the NIC’s speed; an A100 tree raises bwIntra to 30', () => {
    // H100, 2 nodes: 48 ≤ min(50, 48); 8 NICs × 1 = 8 channels, 8 × 48 = 384 ≥ 370.8; not doubled (48 < 50, > 4 channels).
    expect(ncclGraphs(ncclSystem(H100, 16)).ring).toEqual({ channels: 8, bwIntra: 48, bwInter: 48 });
    // A100, 2 nodes: 24 per NIC (PCIe Gen4); the tree raises bwIntra 24 → 28 → 30 (7 × 30 = 210 ≤ 240), 48 does not fit.
    const a100 = ncclGraphs(ncclSystem(A100, 16));
    expect(a100.ring).toEqual({ channels: 8, bwIntra: 24, bwInter: 24 });
    expect(a100.tree).toEqual({ channels: 8, bwIntra: 30, bwInter: 24 });
    // H100 NVLS across nodes: 6 heads at 48 (7 × 48 = 336), 7 at 45 (8 × 45 = 360), 8 at 40 (9 × 40 = 360); bwInter back up to 48.
    expect(ncclGraphs(ncclSystem(H100, 16)).nvls).toEqual({ channels: 8, bwIntra: 40, bwInter: 48 });
  });

  it('PCIe Gen4: 1 × 20 GB/s leaves the link short, 2 × 12 fills its 24', () => {
    expect(ncclGraphs(ncclSystem(PCIE, 8)).ring).toEqual({ channels: 2, bwIntra: 12, bwInter: 12 });
  });
});

describe('NCCL’s latency and bandwidth of every pair', () => {
  it('8× H100 all-reduce, one node', () => {
    // nsteps = 2 × 7 = 14. Ring bus bandwidth 12 × 30 = 360, to the algorithm's × 8/14.
    // Tree: 360 × 0.92 = 331.2 (cap 12 × 38.7), to the algorithm's × 0.5.
    expectFigures(ncclTuner(H100, 8, 'allreduce'), {
      'Tree/LL': [6.8 + 14 * 0.6, (331.2 / 3.8) * 0.5], // LL cap 141 does not bind
      'Tree/LL128': [14 + 14 * 1.25, 331.2 * (7 / 9) * 0.5], // cap 12 × 36.7 = 440.4
      'Tree/Simple': [8.4 + 14 * 4.0, 331.2 * 0.5],
      'Ring/LL': [6.6 + 14 * 0.6, (141 * 8) / 14], // min(141, 360 × 0.5)
      'Ring/LL128': [14 + 14 * 1.9, (331.2 * 8) / 14], // min(360 × 0.92, 12 × 36.7)
      'Ring/Simple': [8.4 + 14 * 3.4, (360 * 8) / 14],
      // 40 × 0.85 × 7/8 × 2 = 59.5 < bwInter 60; 8 × 59.5 = 476, × 8/14; latency: NVLink hop 25 alone.
      'NVLS/Simple': [25, (476 * 8) / 14],
    });
  });

  it('16× H100 all-reduce on 2 nodes (Intel CPUs)', () => {
    // nsteps 30, 2 of them between nodes. Ring: intra hop max(hw, net overhead 1, ×3 for Simple).
    // NVLSTree: min(40 × 0.85 × 7/8 × 2 = 59.5, 48 × 2, cap 57.7) = 57.7; latency 25 + 2 × log2(2) × 20.9.
    expectFigures(ncclTuner(H100, 16, 'allreduce'), {
      'Tree/LL': [6.8 + 2 * (7 * 0.6 + 5.0), 39 * 0.5], // 384 × .92 capped 8 × 41.4 = 331.2, / 3.8 = 87.2, LL cap (Intel, 2 nodes) 39
      'Tree/LL128': [14 + 2 * (7 * 1.25 + 8.5), Math.min(331.2 * (120 / 128), 8 * 36.7) * 0.5],
      'Tree/Simple': [8.4 + 2 * (7 * 4.0 + 14), 331.2 * 0.5],
      'Ring/LL': [6.6 + 28 * 1.0 + 2 * 2.7, (39 * 16) / 30],
      'Ring/LL128': [14 + 28 * 1.9 + 2 * 4.0, (8 * 36.7 * 16) / 30], // min(384 × .92 = 353.3, 8 × 36.7 = 293.6)
      'Ring/Simple': [8.4 + 28 * 3.4 + 2 * 14, (384 * 16) / 30],
      'NVLSTree/Simple': [25 + 2 * 20.9, (8 * 57.7 * 16) / 30],
    });
  });

  it('broadcast runs Ring only, one hop’s latency, the bus bandwidth itself (nsteps = nranks)', () => {
    expectFigures(ncclTuner(A100, 8, 'broadcast'), {
      'Ring/LL': [6.6 + 0.6, Math.min(87.7, 240 * 0.5)],
      'Ring/LL128': [14 + 1.9, 240 * 0.92],
      'Ring/Simple': [8.4 + 3.4, 240],
    });
  });

  it('leaves out what NCCL leaves out, and says why', () => {
    const off = (tuner: NcclTuner) => Object.fromEntries(tuner.entries.filter((e) => e.disabled).map((e) => [pairName(e), e.disabled]));
    expect(Object.keys(off(ncclTuner(H100, 8, 'allreduce')))).toEqual(['CollNetDirect/Simple', 'CollNetChain/Simple', 'NVLSTree/Simple']);
    expect(off(ncclTuner(H100, 16, 'allreduce'))['NVLS/Simple']).toMatch(/across nodes needs CollNet/);
    expect(off(ncclTuner(A100, 8, 'allreduce'))['NVLS/Simple']).toMatch(/NVLink SHARP/);
    expect(off(ncclTuner(PCIE, 8, 'allreduce'))['Ring/LL128']).toMatch(/LL128 needs NVLink/);
    expect(off(ncclTuner(H100, 16, 'allgather'))['PAT/Simple']).toMatch(/one GPU per node/);
  });

  it('PAT with one GPU per node: 8 + log2(4) × 14/3.5 + 4 × 2.8 µs (the tree’s network hop, every hop exposed)', () => {
    const single: NcclHardware = { ...H100, gpusPerNode: 1 };
    const pat = ncclTuner(single, 4, 'allgather').entries.find((e) => e.algorithm === 'PAT')!;
    expect(pat.disabled).toBeUndefined();
    expect(pat.latencyUs).toBeCloseTo(8 + 2 * 4 + 11.2, 9);
  });
});

describe('NCCL’s pick', () => {
  const h100 = ncclTuner(H100, 8, 'allreduce');

  it('takes the least time, with NCCL’s corrections for the size', () => {
    // 1 KiB: Ring/LL 15 + 1024 / (1000 × 80.571) = 15.0127 µs beats Tree/LL 15.2 + 1024 / (1000 × 43.58 × 0.9): log2(1024/64) = 4, factor 0.9.
    const small = ncclChoose(h100, 1024);
    expect(pairName(small.pick)).toBe('Ring/LL');
    expect(small.pick.timeUs).toBeCloseTo(15 + 1024 / ((141 * 8 * 1000) / 14), 9);
    expect(small.candidates.find((c) => pairName(c) === 'Tree/LL')!.sizeBandwidthGBs).toBeCloseTo((331.2 / 3.8) * 0.5 * 0.9, 9);
    // 64 KiB: Tree/LL128's bandwidth × 0.6 (log2(1024) = 10).
    expect(ncclChoose(h100, 65536).candidates.find((c) => pairName(c) === 'Tree/LL128')!.sizeBandwidthGBs).toBeCloseTo(331.2 * (7 / 9) * 0.5 * 0.6, 9);
    // 8 GiB: NVLS/Simple, 25 + 2^33 / 272000 µs.
    const large = ncclChoose(h100, 2 ** 33);
    expect(pairName(large.pick)).toBe('NVLS/Simple');
    expect(large.pick.timeUs).toBeCloseTo(25 + 2 ** 33 / 272000, 6);
    expect(pairName(large.runnerUp!)).toBe('Ring/Simple');
  });

  it('changes from Ring/LL to NVLS/Simple at 1,144,836 bytes, where 15 + x/80571.4 first exceeds 25 + x/272000', () => {
    // x = 10 / (1/80571.43 − 1/272000) = 1,144,835.6.
    expect(ncclCrossovers(h100, 1024, 2 ** 34)).toEqual([{ bytes: 1144836, from: 'Ring/LL', to: 'NVLS/Simple' }]);
    expect(pairName(ncclChoose(h100, 1144835).pick)).toBe('Ring/LL');
    expect(pairName(ncclChoose(h100, 1144836).pick)).toBe('NVLS/Simple');
  });

  it('a ring across nodes plateaus: Simple’s latency × 1.4 from 64 bytes per channel per rank (64 × 16 × 16 = 16 KiB)', () => {
    const two = ncclTuner(H100, 16, 'allreduce');
    const ringSimple = (bytes: number) => ncclChoose(two, bytes).candidates.find((c) => pairName(c) === 'Ring/Simple')!.sizeLatencyUs;
    expect(ringSimple(16383)).toBeCloseTo(131.6, 9);
    expect(ringSimple(16384)).toBeCloseTo(131.6 * 1.4, 9);
  });

  it('says the pick, its time, the runner-up’s and why', () => {
    expect(explainChoice(ncclChoose(h100, 2 ** 20))).toBe(
      "At 1.00 MiB NCCL's model picks Ring/LL: 28.0 µs, against NVLS/Simple's 28.9 µs, because at this size its lower latency (15.0 µs against 25.0 µs) outweighs NVLS/Simple's higher bandwidth (272 GB/s against 80.6 GB/s).",
    );
    expect(explainChoice(ncclChoose(h100, 2 ** 30))).toBe(
      "At 1.00 GiB NCCL's model picks NVLS/Simple: 3.97 ms, against Ring/Simple's 5.28 ms, because it has the lower latency (25.0 µs against 56.0 µs) and the higher bandwidth (272 GB/s against 206 GB/s).",
    );
    // A100 at 256 MiB: Ring/Simple 56 + 2^28 / 137143 = 2013 µs; Ring/LL128 40.6 + 2^28 / 126171 = 2168 µs.
    expect(explainChoice(ncclChoose(ncclTuner(A100, 8, 'allreduce'), 2 ** 28))).toBe(
      "At 256 MiB NCCL's model picks Ring/Simple: 2.01 ms, against Ring/LL128's 2.17 ms, because at this size its higher bandwidth (137 GB/s against 126 GB/s) outweighs its higher latency (56.0 µs against 40.6 µs).",
    );
  });

  it('takes only GPUs that fill one node or whole nodes', () => {
    for (const ranks of [1, 12, 8.5]) expect(() => ncclTuner(H100, ranks, 'allreduce')).toThrow(GradsyncError);
    expect(() => ncclTuner(PCIE, 16, 'allreduce')).toThrow(/no network between nodes/);
  });
});
