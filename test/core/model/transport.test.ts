import { describe, expect, it } from 'vitest';
import { algorithmIds, buildSchedule, findAlgorithm } from '../../../src/core/algorithms';
import { modelCost, nodesTopology, topologyUnder, type Topology } from '../../../src/core/model/cost';
import { allreduceModel } from '../../../src/core/model/costFormulas';
import { dataflowTiming } from '../../../src/core/model/dataflowTiming';
import { GradsyncError } from '../../../src/core/errors';
import { presetById, presetTopology } from '../../../src/core/nccl/presets';
import { channelsToFill, checkTransport, parseProtocol, type Transport } from '../../../src/core/model/transport';

const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const ring4 = buildSchedule({ algorithm: 'ring', devices: 4 });
const under = (transport: Transport, topology: Topology = SWITCH): Topology => ({ ...topology, transport });

// Ring on 4 devices, 1024 f32 elements: 6 steps, each port sends and receives one 256-element chunk,
// 1024 bytes. B GB/s moves B·1e3 bytes per µs.
const BYTES = 1024;

describe('protocols and channels in the α-β model', () => {
  it('is the plain model with no transport, and with Simple on full ports, to the bit', () => {
    const plain = modelCost(ring4, 1024, SWITCH);
    expect(plain.protocol).toBe('Simple');
    expect(plain.totalUs).toBe(6 * (5 + BYTES / 1e5));
    const simple = modelCost(ring4, 1024, under({ protocol: 'Simple' }));
    expect(Array.from(simple.stepTimesUs)).toEqual(Array.from(plain.stepTimesUs));
    expect(simple.protocolTotalsUs).toEqual({ Simple: plain.totalUs });
  });

  it('LL: NCCL’s NVLink ring latency ratio (0.6 of 3.4 µs) and half the bandwidth, 4 data bytes in 8', () => {
    const cost = modelCost(ring4, 1024, under({ protocol: 'LL' }));
    const step = (5 * 0.6) / 3.4 + BYTES / (50 * 1e3);
    expect(cost.protocol).toBe('LL');
    for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(step, 12);
  });

  it('LL128: 1.9 of 3.4 µs, and 120 of every 128 bytes', () => {
    const cost = modelCost(ring4, 1024, under({ protocol: 'LL128' }));
    expect(cost.totalUs).toBeCloseTo(6 * ((5 * 1.9) / 3.4 + BYTES / (100 * (120 / 128) * 1e3)), 12);
  });

  it('channels: fewer than fill the port leave it partly idle; more change nothing', () => {
    // 20 GB/s a channel (DEFAULT_CHANNEL_GBS): 2 channels move 40 of the port's 100 GB/s.
    expect(modelCost(ring4, 1024, under({ protocol: 'Simple', channels: 2 })).totalUs).toBeCloseTo(6 * (5 + BYTES / 4e4), 12);
    expect(channelsToFill(SWITCH)).toBe(5);
    for (const channels of [5, 8, 64]) {
      expect(modelCost(ring4, 1024, under({ protocol: 'Simple', channels })).totalUs).toBe(modelCost(ring4, 1024, SWITCH).totalUs);
    }
    // A fabric may say how fast one of its channels is.
    const fast: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100, channelGBs: 30, transport: { protocol: 'LL', channels: 2 } };
    expect(modelCost(ring4, 1024, fast).totalUs).toBeCloseTo(6 * ((5 * 0.6) / 3.4 + BYTES / (60 * 0.5 * 1e3)), 12);
  });

  it('auto keeps the fastest protocol for the whole collective: LL for small buffers, Simple for large', () => {
    const small = modelCost(ring4, 1024, under({ protocol: 'auto' }));
    expect(small.protocol).toBe('LL');
    expect(Object.keys(small.protocolTotalsUs).sort()).toEqual(['LL', 'LL128', 'Simple']);
    expect(small.totalUs).toBe(Math.min(...Object.values(small.protocolTotalsUs)));
    expect(small.totalUs).toBe(modelCost(ring4, 1024, under({ protocol: 'LL' })).totalUs);
    const large = modelCost(ring4, 1 << 22, under({ protocol: 'auto' }));
    expect(large.protocol).toBe('Simple');
    // In between (1 MB a step), LL128: LL's latency saves 1.9 µs but its half bandwidth costs more from
    // 205 KB a step; Simple's 1/0.9375 faster bytes win back its 2.2 µs only from 3.3 MB.
    const middle = modelCost(ring4, 1 << 20, under({ protocol: 'auto' }));
    expect(middle.protocol).toBe('LL128');
  });

  it('between nodes the network’s ratios apply: LL 2.7 and LL128 4.0 of 14 µs', () => {
    const nodes = { ...nodesTopology(2), transport: { protocol: 'LL' } } as Topology;
    const plain = topologyUnder(nodes, 'LL128');
    expect(plain.kind === 'nodes' && plain.inter.latencyUs).toBeCloseTo((10 * 4.0) / 14, 12);
    expect(plain.kind === 'nodes' && plain.intra.latencyUs).toBeCloseTo((5 * 1.9) / 3.4, 12);
    expect(plain.transport).toBeUndefined();
  });

  it('a preset carries NCCL’s latencies per protocol and per-channel speed: DGX H100 fills its 360 GB/s with 12 channels of 30', () => {
    const h100 = presetTopology(presetById('dgx-h100'), 8);
    expect(channelsToFill(h100 as { latencyUs: number; bandwidthGBs: number })).toBe(12);
    const six = topologyUnder({ ...h100, transport: { protocol: 'LL128', channels: 6 } }, 'LL128');
    expect(six).toMatchObject({ latencyUs: 1.9, bandwidthGBs: 180 * (120 / 128) });
  });

  it('the closed forms follow the transport, auto included', () => {
    const transports: Transport[] = [{ protocol: 'LL' }, { protocol: 'LL128', channels: 3 }, { protocol: 'auto' }, { protocol: 'auto', channels: 1 }];
    for (const algorithm of algorithmIds('allreduce')) {
      const overNodes = findAlgorithm('allreduce', algorithm).takesDevicesPerNode === true;
      for (const base of [SWITCH, nodesTopology(4)]) {
        for (const transport of transports) {
          const topology = under(transport, base);
          const request = { algorithm, devices: 8, topology, devicesPerNode: overNodes ? 4 : undefined };
          const schedule = buildSchedule(request);
          const model = allreduceModel(request);
          for (const k of [1, 8, 1000, 1 << 12, 1 << 20]) {
            const cost = modelCost(schedule, k, topology).totalUs;
            expect(Math.abs(model(k) - cost) / cost, `${algorithm} ${transport.protocol} K=${k}`).toBeLessThan(1e-9);
          }
        }
      }
    }
  });

  it('timing as soon as ready runs on the protocol the step model picked, and is never longer', () => {
    for (const algorithm of ['ring', 'double-tree', 'halving-doubling']) {
      const schedule = buildSchedule({ algorithm, devices: 8 });
      for (const protocol of ['LL', 'LL128', 'auto'] as const) {
        const timing = dataflowTiming(schedule, 4096, under({ protocol, channels: 2 }));
        expect(timing.totalUs).toBeLessThanOrEqual(timing.stepTotalUs * (1 + 1e-12));
      }
    }
    const ll = dataflowTiming(ring4, 1024, under({ protocol: 'LL' }));
    expect(ll.totalUs).toBeCloseTo(ll.stepTotalUs, 9);
    expect(ll.stepTotalUs).toBe(modelCost(ring4, 1024, under({ protocol: 'LL' })).totalUs);
  });
});

describe('a transport that cannot be', () => {
  it('names the setting: channels from 1 to 64, protocols by NCCL’s names in any case', () => {
    for (const channels of [0, 65, 1.5, Number.NaN]) {
      let error: unknown;
      try {
        modelCost(ring4, 16, under({ protocol: 'Simple', channels }));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(GradsyncError);
      expect((error as GradsyncError).setting).toMatchObject({ field: 'channels', allowed: 'be an integer from 1 to 64' });
    }
    expect(parseProtocol('ll128')).toBe('LL128');
    expect(parseProtocol('SIMPLE')).toBe('Simple');
    expect(parseProtocol('Auto')).toBe('auto');
    expect(() => parseProtocol('ll256')).toThrow("the protocol must be one of Simple, LL128, LL, auto, got 'll256'");
    expect(() => checkTransport({ protocol: 'fast' as 'LL' })).toThrow(GradsyncError);
  });
});
