// The fit of model.ts to nccl-tests times: it recovers the parameters a synthetic log was written
// from, keeps to the protocols the data shows, and on real two-node H100 runs misses the median row
// by less than 10 % (ASTRA-sim publishes 9.7–20.6 % on HGX-H100).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOLS } from '../../../src/core/nccl/protocols';
import { calibrate } from '../../../src/core/ncclTests/calibration';
import { fitNcclTests } from '../../../src/core/ncclTests/fit';
import { fabricBytes, parameterNames, type Fabric, type ProtocolLines } from '../../../src/core/ncclTests/model';
import { parseNcclTestsLog } from '../../../src/core/ncclTests/parseLog';
import { random } from '../../../src/core/random';
import { syntheticLog, type SyntheticLog } from '../../fixtures/nccl-tests/syntheticLog';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/nccl-tests/${name}`, import.meta.url), 'utf8');

/** The parameters a model's lines stand for, named as the fit names them. */
function named(lines: ProtocolLines, fabric: Fabric): Record<string, number> {
  const out: Record<string, number> = {};
  for (const protocol of PROTOCOLS) {
    const line = lines[protocol];
    if (!line) continue;
    const names = parameterNames(protocol, fabric);
    out[names.alpha] = line.alphaUs;
    out[names.beta] = line.betaGBs;
  }
  return out;
}

function fitOf(spec: SyntheticLog) {
  return calibrate(parseNcclTestsLog(syntheticLog(spec))).fit;
}

function expectWithin(actual: Record<string, number>, expected: Record<string, number>, relative: number): void {
  expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort());
  for (const [name, value] of Object.entries(expected)) {
    expect(Math.abs(actual[name] / value - 1), `${name}: ${actual[name]} for ${value}`).toBeLessThan(relative);
  }
}

const THREE: ProtocolLines = { LL: { alphaUs: 20, betaGBs: 5 }, LL128: { alphaUs: 35, betaGBs: 60 }, Simple: { alphaUs: 80, betaGBs: 180 } };

describe('B(S), the bytes on the limiting fabric', () => {
  it("is nccl-tests' bus bytes within a node: busbw × t", () => {
    for (const devices of [2, 3, 8, 72]) {
      expect(fabricBytes({ collective: 'all_reduce', devices, devicesPerNode: devices }, 1000)).toBeCloseTo((2000 * (devices - 1)) / devices, 9);
      expect(fabricBytes({ collective: 'all_gather', devices, devicesPerNode: devices }, 1000)).toBeCloseTo((1000 * (devices - 1)) / devices, 9);
      expect(fabricBytes({ collective: 'broadcast', devices, devicesPerNode: devices }, 1000)).toBe(1000);
      expect(fabricBytes({ collective: 'hypercube', devices, devicesPerNode: devices }, 1000)).toBeCloseTo((1000 * (devices - 1)) / devices, 9);
    }
  });

  it('is what must leave a node across nodes: all-reduce 2(n−1)/n · S for n nodes, whatever the devices per node', () => {
    for (const [nodes, perNode] of [
      [2, 8],
      [4, 8],
      [16, 4],
    ]) {
      const shape = { devices: nodes * perNode, devicesPerNode: perNode };
      expect(fabricBytes({ collective: 'all_reduce', ...shape }, 1000)).toBeCloseTo((2000 * (nodes - 1)) / nodes, 9);
      expect(fabricBytes({ collective: 'reduce_scatter', ...shape }, 1000)).toBeCloseTo((1000 * (nodes - 1)) / nodes, 9);
      expect(fabricBytes({ collective: 'alltoall', ...shape }, 1000)).toBeCloseTo((1000 * perNode * (nodes - 1)) / nodes, 9);
      expect(fabricBytes({ collective: 'sendrecv', ...shape }, 1000)).toBe(1000);
    }
  });
});

describe('fitNcclTests on logs written from known parameters', () => {
  it.each([
    ['all_reduce, 2 nodes of 8, three protocols', { collective: 'all_reduce', devices: 16, devicesPerNode: 8, lines: THREE }, 'inter'],
    [
      'all_reduce, one node of 8, three protocols',
      {
        collective: 'all_reduce',
        devices: 8,
        devicesPerNode: 8,
        lines: { LL: { alphaUs: 10, betaGBs: 20 }, LL128: { alphaUs: 20, betaGBs: 150 }, Simple: { alphaUs: 40, betaGBs: 200 } },
      },
      'intra',
    ],
    [
      'all_gather, 4 nodes of 8, LL and Simple',
      { collective: 'all_gather', devices: 32, devicesPerNode: 8, lines: { LL: { alphaUs: 30, betaGBs: 10 }, Simple: { alphaUs: 90, betaGBs: 300 } } },
      'inter',
    ],
    [
      'reduce_scatter, one node of 4, Simple alone',
      { collective: 'reduce_scatter', devices: 4, devicesPerNode: 4, lines: { Simple: { alphaUs: 12, betaGBs: 150 } } },
      'intra',
    ],
    [
      'broadcast, one node of 8, LL and Simple',
      { collective: 'broadcast', devices: 8, devicesPerNode: 8, lines: { LL: { alphaUs: 8, betaGBs: 30 }, Simple: { alphaUs: 25, betaGBs: 120 } } },
      'intra',
    ],
  ] as const)('recovers %s within 1 %', (_, spec, fabric) => {
    const fit = fitOf(spec);
    expect(fit.fabric).toBe(fabric);
    expectWithin(fit.parameters, named(spec.lines, fabric), 0.01);
    expect(fit.medianAbsErrorPct).toBeLessThan(0.1);
  });

  it('recovers them within 5 % through up to 2 % noise on every row', () => {
    for (const seed of [1, 2, 3]) {
      const next = random(seed);
      const fit = fitOf({ collective: 'all_reduce', devices: 16, devicesPerNode: 8, lines: THREE, jitter: () => 1 + 0.04 * (next() - 0.5) });
      expectWithin(fit.parameters, named(THREE, 'inter'), 0.05);
    }
  });

  it('is not bent by a warm-up row (the first size taking 3× its time)', () => {
    const fit = fitOf({ collective: 'all_reduce', devices: 16, devicesPerNode: 8, lines: THREE, jitter: (i) => (i === 0 ? 3 : 1) });
    expectWithin(fit.parameters, named(THREE, 'inter'), 0.02);
    expect(fit.rows[0].errorPct).toBeCloseTo(-66.7, 0);
  });

  it('reports a protocol only where the model picks it, and fits large sizes alone with Simple', () => {
    const large = Array.from({ length: 8 }, (_, i) => 2 ** (27 + i));
    const fit = fitOf({ collective: 'all_reduce', devices: 16, devicesPerNode: 8, lines: THREE, sizes: large });
    expect(Object.keys(fit.parameters)).toEqual(['alphaSimpleUs', 'betaInterSimpleGBs']);
    expect(fit.parameters.betaInterSimpleGBs / 180 - 1).toBeLessThan(0.01);
    expect(fit.rows.every((row) => row.protocol === 'Simple')).toBe(true);
  });

  it('keeps every protocol within its share of Simple and within NCCL latency order', () => {
    for (const file of ['h100-2node-ib.txt', 'h100-2node-ib-degraded.txt', 'h100-2node-tcpxo.txt']) {
      const { lines } = calibrate(parseNcclTestsLog(fixture(file))).fit;
      const { LL, LL128, Simple } = lines;
      expect(LL!.betaGBs).toBeLessThanOrEqual(Math.min(0.5 * Simple!.betaGBs, LL128!.betaGBs));
      expect(LL128!.betaGBs).toBeLessThanOrEqual((120 / 128) * Simple!.betaGBs);
      expect(LL!.alphaUs).toBeLessThanOrEqual(LL128!.alphaUs);
      expect(LL128!.alphaUs).toBeLessThanOrEqual(Simple!.alphaUs);
    }
  });

  it('gives the same answer every time (its speed is measured by the bench, not here)', () => {
    const text = syntheticLog({ collective: 'all_reduce', devices: 16, devicesPerNode: 8, lines: THREE });
    const log = parseNcclTestsLog(text);
    const first = calibrate(log).fit;
    for (let i = 0; i < 3; i++) expect(calibrate(log).fit).toEqual(first);
  });

  it('keeps rows of 0 bytes in place, unfitted', () => {
    const fit = fitNcclTests({ collective: 'all_reduce', devices: 8, devicesPerNode: 8 }, [
      { bytes: 0, timeUs: 0.3 },
      { bytes: 1 << 20, timeUs: 20 },
      { bytes: 1 << 24, timeUs: 140 },
      { bytes: 1 << 28, timeUs: 2000 },
    ]);
    expect(fit.rows[0]).toEqual({ bytes: 0, timeUs: 0.3, modelUs: null, errorPct: null, protocol: null });
    expect(fit.fittedRows).toBe(3);
  });
});

describe('calibrate on real two-node H100 runs', () => {
  it.each([
    // file, median error below, the network's Simple bandwidth in GB/s between
    ['h100-2node-ib.txt', 5, 240, 260],
    ['h100-2node-ib-degraded.txt', 5, 43, 48],
    ['h100-2node-tcpxo.txt', 2, 175, 190],
    ['h100-2node-srun.txt', 10, 75, 95],
  ])('%s: median error below %i %, β_Simple between %i and %i GB/s', (file, medianPct, low, high) => {
    const { fit, nodes } = calibrate(parseNcclTestsLog(fixture(file)));
    expect(nodes).toBe(2);
    expect(fit.fabric).toBe('inter');
    expect(fit.medianAbsErrorPct).toBeLessThan(medianPct);
    expect(fit.parameters.betaInterSimpleGBs).toBeGreaterThan(low);
    expect(fit.parameters.betaInterSimpleGBs).toBeLessThan(high);
  });

  it('fits a two-node log as one node of 16 when told so, on the ring bytes inside it', () => {
    const log = parseNcclTestsLog(fixture('h100-2node-ib.txt'));
    const one = calibrate(log, 16);
    expect(one).toMatchObject({ nodes: 1, fabricBytesPerByte: 1.875, fit: { fabric: 'intra' } });
    expect(one.fit.parameters.betaIntraSimpleGBs / calibrate(log).fit.parameters.betaInterSimpleGBs).toBeCloseTo(1.875, 2);
  });
});
