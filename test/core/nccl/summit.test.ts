// The summit preset: Summit's node as NCCL counts it (6 V100, NVLink 2 within a socket, the X-Bus
// between sockets, two EDR rails), as gradsync's topology at any number of whole nodes, and in NCCL's
// tuner, which runs no LL128 where the GPUs' paths cross between sockets.
import { describe, expect, it } from 'vitest';
import { presetById, presetTopology } from '../../../src/core/nccl/presets';
import { ncclTuner, pairName } from '../../../src/core/nccl/tuner';
import { GradsyncError } from '../../../src/core/errors';

const summit = presetById('summit');

describe('summit', () => {
  it('is a node of 6 V100 whose ring’s slowest hop is the X-Bus (32 GB/s as NCCL counts it), on two 100 Gb/s rails', () => {
    expect(summit.hardware).toMatchObject({ arch: 'Volta', gpusPerNode: 6, fabric: 'NVLink+SMP', fabricGBs: 32, nicsPerNode: 2, nicGBs: 12.5, nicPcieGBs: 12 });
    expect(summit.sources.some((source) => source.includes('docs.olcf.ornl.gov'))).toBe(true);
    expect(summit.sources.some((source) => source.includes('massively-scale-deep-learning-training-nccl-2-4'))).toBe(true);
  });

  it('is one switch of NCCL’s ring, 2 channels × 15 GB/s, at its PCI hop latencies, up to one node', () => {
    const pci = { latencyUs: 5.7, protocolLatencyUs: { LL: 1.0, LL128: 2.5 } };
    for (const n of [2, 6]) expect(presetTopology(summit, n)).toEqual({ kind: 'switch', ...pci, bandwidthGBs: 30, channelGBs: 15 });
  });

  it('is nodes of 6 beyond, each GPU with a sixth of the node’s two NICs, for any number of whole nodes', () => {
    const net = { latencyUs: 14, protocolLatencyUs: { LL: 2.7, LL128: 4.0 }, bandwidthGBs: 4, channelGBs: 12 };
    for (const n of [12, 96, 24_576, 65_532]) expect(presetTopology(summit, n)).toMatchObject({ kind: 'nodes', devicesPerNode: 6, inter: net });
    expect(() => presetTopology(summit, 8)).toThrow(GradsyncError);
    expect(() => presetTopology(summit, 8)).toThrow('summit takes at most 6 devices or whole nodes of 6; got 8');
  });

  it('runs no LL128 in NCCL’s tuner, whose ring on one node is 2 channels × 15 GB/s', () => {
    const tuner = ncclTuner(summit.hardware, 6, 'allreduce');
    const off = tuner.entries.filter((entry) => entry.disabled).map(pairName);
    expect(off).toEqual(expect.arrayContaining(['Ring/LL128', 'Tree/LL128']));
    expect(tuner.graphs.ring).toEqual({ channels: 2, bwIntra: 15, bwInter: 15 });
  });
});
