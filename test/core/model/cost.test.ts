import { describe, expect, it } from 'vitest';
import { master } from '../../../src/core/algorithms/master';
import { naive } from '../../../src/core/algorithms/naive';
import { ring } from '../../../src/core/algorithms/ring';
import { chunkLength } from '../../../src/core/schedule/chunks';
import { DEFAULT_TOPOLOGY, checkTopology, modelCost, nodesTopology, type Topology } from '../../../src/core/model/cost';
import { GradsyncError } from '../../../src/core/errors';
import { parseTopology } from '../../../src/core/model/topology';
import { bandwidthMetrics, busBandwidthFactor, formatG, formatNcclTable, ncclTableRow } from '../../../src/core/model/metrics';
import { COLLECTIVES, SCHEDULE_FORMAT, type Schedule } from '../../../src/core/schedule/ir';
import { countTraffic } from '../../../src/core/model/traffic';

const ALPHA = 5;
const B = 100;
const SWITCH: Topology = { kind: 'switch', latencyUs: ALPHA, bandwidthGBs: B };
/** µs to move `bytes` through one port of B GB/s (1 GB/s = 1e3 bytes/µs). */
const wire = (bytes: number, bandwidthGBs = B) => bytes / (bandwidthGBs * 1e3);
const range = (lo: number, hi: number) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
const SIZES = [1, 2, 3, 7, 64, 1000, 1001, 4099];

function schedule(devices: number, chunks: number, transfers: Schedule['steps'][number]['transfers'][]): Schedule {
  return {
    format: SCHEDULE_FORMAT,
    collective: 'allreduce',
    algorithm: 'hand-written',
    devices,
    chunks,
    steps: transfers.map((t) => ({ phase: 'test', transfers: t })),
  };
}

function expectBadArgument(run: () => unknown, message: string) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    expect((error as GradsyncError).code).toBe('bad-argument');
    expect((error as GradsyncError).message).toBe(message);
    return;
  }
  throw new Error(`expected to throw: ${message}`);
}

describe('closed forms on a switch', () => {
  it('ring costs 2(N−1)(α + K·4/(N·B)) when N divides K, every step the same', () => {
    for (const n of range(2, 64)) {
      for (const perDevice of [1, 37, 1000]) {
        const k = n * perDevice;
        const cost = modelCost(ring.build({ devices: n }), k, SWITCH);
        const step = ALPHA + wire((k * 4) / n);
        expect(cost.stepTimesUs.length).toBe(2 * (n - 1));
        for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(step, 10);
        expect(cost.totalUs).toBeCloseTo(2 * (n - 1) * step, 9);
      }
    }
  });

  it('ring steps cost α + ceil(K/N)·4/B for any K, since every step sends every chunk once', () => {
    for (const n of range(2, 24)) {
      for (const k of SIZES) {
        const cost = modelCost(ring.build({ devices: n }), k, SWITCH);
        const step = ALPHA + wire(Math.ceil(k / n) * 4);
        for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(step, 10);
      }
    }
  });

  it('master takes α + (N−1)·K·4/B in each of its two steps: GPU-0 receives, then sends, N−1 buffers', () => {
    for (const n of range(2, 64)) {
      for (const k of [1, 1000, 4099]) {
        const cost = modelCost(master.build({ devices: n }), k, SWITCH);
        const step = ALPHA + wire((n - 1) * k * 4);
        expect(cost.stepTimesUs.length).toBe(2);
        expect(cost.stepTimesUs[0]).toBeCloseTo(step, 9);
        expect(cost.stepTimesUs[1]).toBeCloseTo(step, 9);
        expect(cost.totalUs).toBeCloseTo(2 * step, 9);
      }
    }
  });

  it('naive takes one step of α + (N−1)·K·4/B: every port sends and receives N−1 buffers at once', () => {
    for (const n of range(2, 64)) {
      const k = 1000;
      const cost = modelCost(naive.build({ devices: n }), k, SWITCH);
      expect(cost.stepTimesUs.length).toBe(1);
      expect(cost.totalUs).toBeCloseTo(ALPHA + wire((n - 1) * k * 4), 9);
    }
  });

  it('one device costs nothing and moves nothing', () => {
    for (const algorithm of [naive, master, ring]) {
      const cost = modelCost(algorithm.build({ devices: 1 }), 1000, SWITCH);
      expect(cost.totalUs).toBe(0);
      expect(cost.stepTimesUs.length).toBe(0);
      expect(Array.from(cost.bytesSent)).toEqual([0]);
    }
  });
});

describe('traffic counts match the seeds', () => {
  it('naive moves G·(G−1)·K elements, each device sending and receiving (G−1)·K', () => {
    for (const n of range(1, 64)) {
      for (const k of SIZES) {
        const traffic = countTraffic(naive.build({ devices: n }), k);
        expect(traffic.elementsTransferred).toBe(n * (n - 1) * k);
        expect(Array.from(traffic.bytesSent)).toEqual(Array(n).fill((n - 1) * k * 4));
        expect(Array.from(traffic.bytesReceived)).toEqual(Array(n).fill((n - 1) * k * 4));
      }
    }
  });

  it('master moves 2·(G−1)·K elements, all through GPU-0', () => {
    for (const n of range(1, 64)) {
      for (const k of SIZES) {
        const traffic = countTraffic(master.build({ devices: n }), k);
        expect(traffic.elementsTransferred).toBe(2 * (n - 1) * k);
        const others = Array(n - 1).fill(k * 4);
        expect(Array.from(traffic.bytesSent)).toEqual([(n - 1) * k * 4, ...others]);
        expect(Array.from(traffic.bytesReceived)).toEqual([(n - 1) * k * 4, ...others]);
      }
    }
  });

  it('ring moves 2·(G−1)·K elements in all and 2·(G−1)·K/G per device when G divides K', () => {
    for (const n of range(1, 64)) {
      for (const k of [n, 3 * n, 1000 * n]) {
        const traffic = countTraffic(ring.build({ devices: n }), k);
        expect(traffic.elementsTransferred).toBe(2 * (n - 1) * k);
        expect(Array.from(traffic.bytesSent)).toEqual(Array(n).fill(((2 * (n - 1) * k) / n) * 4));
        expect(Array.from(traffic.bytesReceived)).toEqual(Array(n).fill(((2 * (n - 1) * k) / n) * 4));
      }
    }
  });

  it('ring with any K: GPU-i sends every chunk but (i+1) and (i+2) mod N, i.e. 2K − len(i+1) − len(i+2) elements', () => {
    // Reduce-scatter step s sends chunk (i − s) mod N for s = 0..N−2 (all but (i+1) mod N); all-gather
    // sends (i + 1 − s) mod N (all but (i+2) mod N). Each chunk crosses N−1 links per phase, so the total
    // is 2·(N−1)·Σ len(c) = 2·(N−1)·K even when N does not divide K or K < N.
    for (const n of range(2, 64)) {
      for (const k of SIZES) {
        const len = (c: number) => chunkLength(c % n, k, n);
        const traffic = countTraffic(ring.build({ devices: n }), k);
        expect(traffic.elementsTransferred).toBe(2 * (n - 1) * k);
        for (let i = 0; i < n; i++) {
          expect(traffic.bytesSent[i]).toBe((2 * k - len(i + 1) - len(i + 2)) * 4);
          expect(traffic.bytesReceived[i]).toBe((2 * k - len(i) - len(i + 1)) * 4);
        }
      }
    }
  });

  it('reduced bytes count only data arriving through reduce transfers', () => {
    for (const n of range(2, 16)) {
      const k = 10 * n;
      const ringTraffic = countTraffic(ring.build({ devices: n }), k);
      expect(Array.from(ringTraffic.reducedBytes)).toEqual(Array(n).fill(((n - 1) * k * 4) / n));
      const masterTraffic = countTraffic(master.build({ devices: n }), k);
      expect(Array.from(masterTraffic.reducedBytes)).toEqual([(n - 1) * k * 4, ...Array(n - 1).fill(0)]);
    }
  });
});

describe('zero-length transfers', () => {
  it('a step whose transfers all carry empty chunks costs 0 and moves 0 bytes', () => {
    // K = 2 in 4 chunks: lengths 0, 1, 0, 1.
    const s = schedule(2, 4, [
      [{ src: 0, dst: 1, chunk: 0, op: 'reduce' }],
      [
        { src: 1, dst: 0, chunk: 1, op: 'copy' },
        { src: 0, dst: 1, chunk: 2, op: 'copy' },
      ],
      [{ src: 0, dst: 1, chunk: 2, op: 'reduce' }],
    ]);
    const cost = modelCost(s, 2, SWITCH, { gammaUsPerByte: 1 });
    expect(Array.from(cost.stepTimesUs)).toEqual([0, ALPHA + wire(4), 0]);
    expect(Array.from(cost.traffic.stepBytes)).toEqual([0, 4, 0]);
    expect(cost.traffic.elementsTransferred).toBe(1);
  });

  it('every schedule costs 0 for an empty buffer', () => {
    for (const n of range(1, 12)) {
      for (const algorithm of [naive, master, ring]) {
        const cost = modelCost(algorithm.build({ devices: n }), 0, SWITCH);
        expect(cost.totalUs).toBe(0);
        expect(cost.traffic.bytesTransferred).toBe(0);
      }
    }
  });

  it('ring with K < N still moves bytes in every step (each step sends all N chunks), one element per port', () => {
    for (const n of range(2, 32)) {
      for (let k = 1; k < n; k++) {
        const cost = modelCost(ring.build({ devices: n }), k, SWITCH);
        for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(ALPHA + wire(4), 12);
        expect(cost.traffic.elementsTransferred).toBe(2 * (n - 1) * k);
      }
    }
  });
});

describe('nodes:G topology', () => {
  const K = 4000; // ring on 4 devices: chunks of 1000 elements, 4000 bytes.

  it('ring on 4 devices in nodes of 2 pays the inter-node fabric for edges 1→2 and 3→0', () => {
    const cost = modelCost(ring.build({ devices: 4 }), K, nodesTopology(2));
    // intra 0→1, 2→3: 5 + 4000/1e5 = 5.04; inter 1→2, 3→0: 10 + 4000/25e3 = 10.16.
    for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(10.16, 12);
    expect(cost.totalUs).toBeCloseTo(60.96, 12);
  });

  it('a step takes the slower fabric, even when that is the intra-node one', () => {
    const topology = nodesTopology(2, { latencyUs: 1, bandwidthGBs: 1 }, { latencyUs: 2, bandwidthGBs: 10 });
    const cost = modelCost(ring.build({ devices: 4 }), K, topology);
    // intra: 1 + 4000/1e3 = 5; inter: 2 + 4000/1e4 = 2.4.
    for (const t of cost.stepTimesUs) expect(t).toBeCloseTo(5, 12);
  });

  it('naive on 4 devices in nodes of 2: each port moves one buffer inside the node and two across', () => {
    const cost = modelCost(naive.build({ devices: 4 }), 1000, nodesTopology(2));
    // intra: 5 + 4000/1e5 = 5.04; inter: 10 + 8000/25e3 = 10.32.
    expect(cost.totalUs).toBeCloseTo(10.32, 12);
  });

  it('one node of all devices costs like a switch of the intra fabric, nodes of one device like the inter fabric', () => {
    for (const n of range(2, 16)) {
      const s = ring.build({ devices: n });
      const k = 100 * n;
      const one = modelCost(s, k, nodesTopology(n));
      const single = modelCost(s, k, nodesTopology(1));
      expect(one.totalUs).toBeCloseTo(modelCost(s, k, { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 }).totalUs, 9);
      expect(single.totalUs).toBeCloseTo(modelCost(s, k, { kind: 'switch', latencyUs: 10, bandwidthGBs: 25 }).totalUs, 9);
    }
  });

  it('parseTopology reads switch and nodes:G with the default fabrics', () => {
    expect(parseTopology('switch')).toEqual({ kind: 'switch', latencyUs: 5, bandwidthGBs: 100 });
    expect(parseTopology('nodes:8')).toEqual({
      kind: 'nodes',
      devicesPerNode: 8,
      intra: { latencyUs: 5, bandwidthGBs: 100 },
      inter: { latencyUs: 10, bandwidthGBs: 25 },
    });
    expect(DEFAULT_TOPOLOGY).toEqual({ kind: 'switch', latencyUs: 5, bandwidthGBs: 100 });
  });
});

describe('γ per reduced byte', () => {
  const gamma = 0.001;

  it("adds γ × the busiest reducer's bytes to reducing steps only", () => {
    for (const n of range(2, 32)) {
      const k = 1000 * n;
      const step = ALPHA + wire(4000);
      const cost = modelCost(ring.build({ devices: n }), k, SWITCH, { gammaUsPerByte: gamma });
      for (let s = 0; s < n - 1; s++) expect(cost.stepTimesUs[s]).toBeCloseTo(step + gamma * 4000, 10);
      for (let s = n - 1; s < 2 * (n - 1); s++) expect(cost.stepTimesUs[s]).toBeCloseTo(step, 10);
    }
  });

  it('charges the master for reducing N−1 buffers and naive for N−1 buffers on every device at once', () => {
    for (const n of range(2, 32)) {
      const k = 1000;
      const m = modelCost(master.build({ devices: n }), k, SWITCH, { gammaUsPerByte: gamma });
      const step = ALPHA + wire((n - 1) * k * 4);
      expect(m.stepTimesUs[0]).toBeCloseTo(step + gamma * (n - 1) * k * 4, 9);
      expect(m.stepTimesUs[1]).toBeCloseTo(step, 9);
      const all = modelCost(naive.build({ devices: n }), k, SWITCH, { gammaUsPerByte: gamma });
      expect(all.totalUs).toBeCloseTo(step + gamma * (n - 1) * k * 4, 9);
    }
  });
});

describe('nccl-tests metrics', () => {
  it('busbw factor is 2(N−1)/N for allreduce, (N−1)/N for reduce-scatter and allgather, 1 for broadcast and reduce', () => {
    const expected = {
      allreduce: (n: number) => (2 * (n - 1)) / n,
      'reduce-scatter': (n: number) => (n - 1) / n,
      allgather: (n: number) => (n - 1) / n,
      broadcast: () => 1,
      reduce: () => 1,
    };
    for (const collective of COLLECTIVES) {
      for (const n of range(2, 64)) {
        expect(busBandwidthFactor(collective, n)).toBe(expected[collective](n));
        const metrics = bandwidthMetrics(collective, n, 250_000, 40);
        // S = 1e6 bytes over 40 µs = 25 GB/s.
        expect(metrics.sizeBytes).toBe(1_000_000);
        expect(metrics.algbwGBs).toBeCloseTo(25, 12);
        expect(metrics.busbwGBs).toBeCloseTo(25 * expected[collective](n), 12);
      }
    }
  });

  it('ring all-reduce busbw equals the link bandwidth when α = 0, whatever N', () => {
    for (const n of range(2, 64)) {
      const cost = modelCost(ring.build({ devices: n }), 1000 * n, { kind: 'switch', latencyUs: 0, bandwidthGBs: 40 });
      expect(bandwidthMetrics('allreduce', n, 1000 * n, cost.totalUs).busbwGBs).toBeCloseTo(40, 10);
    }
  });

  it('algbw and busbw are null, never Infinity or NaN, when the time is 0', () => {
    for (const collective of COLLECTIVES) {
      expect(bandwidthMetrics(collective, 1, 1000, 0)).toEqual({ sizeBytes: 4000, timeUs: 0, algbwGBs: null, busbwGBs: null });
    }
    const single = modelCost(ring.build({ devices: 1 }), 1000, SWITCH);
    expect(bandwidthMetrics('allreduce', 1, 1000, single.totalUs).algbwGBs).toBeNull();
  });

  it("formatG prints like C's %g", () => {
    expect(formatG(41.93312)).toBe('41.9331');
    expect(formatG(100)).toBe('100');
    expect(formatG(0.5)).toBe('0.5');
    expect(formatG(0.00001)).toBe('1e-05');
    expect(formatG(1234567)).toBe('1.23457e+06');
    expect(formatG(0)).toBe('0');
  });

  it('formats an nccl-tests table with right-aligned columns and the average bus bandwidth', () => {
    const s = ring.build({ devices: 4 });
    const rows = [8, 1 << 20, 1 << 28].map((k) => ncclTableRow(s, k, 'sum', modelCost(s, k, SWITCH).totalUs, 0));
    const single = ring.build({ devices: 1 });
    rows.push(ncclTableRow(single, 8, 'sum', 0, null));
    expect(formatNcclTable(rows, 'gradsync model: allreduce ring, 4 devices')).toBe(
      [
        '# gradsync model: allreduce ring, 4 devices',
        '#',
        '#       size         count      type   redop    root     time   algbw   busbw  #wrong',
        '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)',
        '          32             8     float     sum      -1    30.00    0.00    0.00       0',
        '     4194304       1048576     float     sum      -1    92.91   45.14   67.71       0',
        '  1073741824     268435456     float     sum      -1    16136   66.54   99.81       0',
        '          32             8     float     sum      -1     0.00     N/A     N/A     N/A',
        `# Avg bus bandwidth    : ${formatG((rows[0].busbwGBs! + rows[1].busbwGBs! + rows[2].busbwGBs!) / 3)}`,
        '',
      ].join('\n'),
    );
  });

  it('table rows name no reduction and root −1 where nccl-tests does', () => {
    const s = ring.build({ devices: 4 });
    const row = ncclTableRow({ ...s, collective: 'allgather' }, 16, 'sum', 10, 0);
    expect([row.redop, row.root]).toEqual(['none', -1]);
    const rooted = ncclTableRow({ ...s, collective: 'reduce', root: 2 }, 16, 'max', 10, 0);
    expect([rooted.redop, rooted.root, rooted.busbwGBs]).toEqual(['max', 2, rooted.algbwGBs]);
  });
});

describe('bad topologies', () => {
  const s = ring.build({ devices: 4 });

  it('reject zero, negative and non-finite numbers, saying which setting to fix', () => {
    const cases: [Topology, string][] = [
      [{ kind: 'switch', latencyUs: 5, bandwidthGBs: 0 }, 'the bandwidth must be a number > 0, got 0'],
      [{ kind: 'switch', latencyUs: 5, bandwidthGBs: -3 }, 'the bandwidth must be a number > 0, got -3'],
      [{ kind: 'switch', latencyUs: 5, bandwidthGBs: Infinity }, 'the bandwidth must be a number > 0, got Infinity'],
      [{ kind: 'switch', latencyUs: -1, bandwidthGBs: 10 }, 'the latency must be a number ≥ 0, got -1'],
      [{ kind: 'switch', latencyUs: NaN, bandwidthGBs: 10 }, 'the latency must be a number ≥ 0, got NaN'],
      [nodesTopology(3), 'devices per node must divide the number of devices (4), got 3'],
      [nodesTopology(0), 'devices per node must be a positive integer, got 0'],
      [nodesTopology(1.5), 'devices per node must be a positive integer, got 1.5'],
      [nodesTopology(2, { latencyUs: 1, bandwidthGBs: 0 }), 'the bandwidth must be a number > 0, got 0'],
      [nodesTopology(2, undefined, { latencyUs: -2, bandwidthGBs: 1 }), 'the latency between nodes must be a number ≥ 0, got -2'],
    ];
    for (const [topology, message] of cases) expectBadArgument(() => modelCost(s, 100, topology), message);
  });

  it('reject a negative γ, a bad element count and unknown topology names', () => {
    expectBadArgument(() => modelCost(s, 100, SWITCH, { gammaUsPerByte: -1 }), 'γ per byte must be a number ≥ 0, got -1');
    expectBadArgument(() => modelCost(s, 1.5, SWITCH), 'elements must be an integer ≥ 0, got 1.5');
    expectBadArgument(() => parseTopology('nodes:0'), "the topology must be 'switch' or 'nodes:G' with G a positive integer (devices per node), got 'nodes:0'");
    expectBadArgument(() => checkTopology({ kind: 'mesh' } as unknown as Topology), "the topology must be 'switch' or 'nodes:G', got 'mesh'");
  });
});

describe('performance', () => {
  it('costs ring on 1024 devices (~2 million transfers) exactly', () => {
    const s = ring.build({ devices: 1024 });
    const k = 1 << 20;
    const cost = modelCost(s, k, SWITCH);
    const nodes = modelCost(s, k, nodesTopology(8));
    expect(cost.totalUs).toBeCloseTo(2046 * (ALPHA + wire(4096)), 6);
    expect(nodes.totalUs).toBeCloseTo(2046 * (10 + wire(4096, 25)), 6);
  });
});
