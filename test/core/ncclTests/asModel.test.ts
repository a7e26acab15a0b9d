// A fitted nccl-tests log as the app's α-β model: gradsync's ring of the log's collective on the
// log's devices, on one switch of the derived α and B, takes the fit's Simple line at every size of
// the log (where the devices divide the elements), on one node and across nodes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule, DEFAULT_ALGORITHM } from '../../../src/core/algorithms';
import { modelCost } from '../../../src/core/model/cost';
import { fabricText, parseFabricText } from '../../../src/core/formats/fabricText';
import { fitAsModel, type FitModel } from '../../../src/core/ncclTests/asModel';
import { calibrate } from '../../../src/core/ncclTests/calibration';
import { fabricBytes } from '../../../src/core/ncclTests/model';
import { parseNcclTestsLog } from '../../../src/core/ncclTests/parseLog';
import { BYTES_PER_ELEMENT } from '../../../src/core/model/traffic';
import { syntheticLog } from '../../fixtures/nccl-tests/syntheticLog';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/nccl-tests/${name}`, import.meta.url), 'utf8');

function modelOf(text: string): { model: FitModel; sizes: number[]; simpleUs: (bytes: number) => number } {
  const calibration = calibrate(parseNcclTestsLog(text));
  const derived = fitAsModel(calibration);
  if (!derived.ok) throw new Error(derived.reason);
  const simple = calibration.fit.lines.Simple!;
  return {
    model: derived.model,
    sizes: calibration.fit.rows.map((row) => row.bytes),
    simpleUs: (bytes) => simple.alphaUs + fabricBytes(calibration.shape, bytes) / (simple.betaGBs * 1e3),
  };
}

/** The app's model time of its ring for the log's collective, devices and a buffer of `bytes`. */
function ringUs(model: FitModel, bytes: number): number {
  const schedule = buildSchedule({ collective: model.collective, algorithm: DEFAULT_ALGORITHM, devices: model.devices });
  const topology = { kind: 'switch' as const, latencyUs: model.latencyUs, bandwidthGBs: model.bandwidthGBs };
  return modelCost(schedule, bytes / BYTES_PER_ELEMENT, topology).totalUs;
}

function expectRingOnSimpleLine(text: string): FitModel {
  const { model, sizes, simpleUs } = modelOf(text);
  const even = sizes.filter((bytes) => bytes > 0 && (bytes / BYTES_PER_ELEMENT) % model.devices === 0);
  expect(even.length).toBeGreaterThan(1);
  for (const bytes of even) {
    const ring = ringUs(model, bytes);
    expect(Math.abs(ring / simpleUs(bytes) - 1), `${bytes} B: ring ${ring} µs, Simple ${simpleUs(bytes)} µs`).toBeLessThan(1e-9);
  }
  return model;
}

describe('a fitted nccl-tests log as the app’s α-β model', () => {
  it.each([
    ['h100-1node.txt', 8, 1],
    ['h100-2node-ib.txt', 16, 2],
    ['h100-2node-ib-degraded.txt', 16, 2],
    ['h100-2node-tcpxo.txt', 16, 2],
    ['h100-2node-srun.txt', 16, 2],
    ['all-gather-out-of-place-only.txt', 8, 1],
    ['reduce-scatter-old-error-column.txt', 4, 1],
  ])('%s: the ring on %i devices (%i nodes) takes the fit’s Simple line at the log’s sizes', (name, devices, nodes) => {
    const model = expectRingOnSimpleLine(fixture(name));
    expect([model.devices, model.nodes]).toEqual([devices, nodes]);
  });

  it('within one node, α is the Simple latency over the ring’s 2(N−1) steps and B is the Simple bandwidth itself', () => {
    const { model } = modelOf(fixture('h100-1node.txt'));
    expect(model.collective).toBe('allreduce');
    expect(model.ringSteps).toBe(14);
    expect(model.latencyUs).toBeCloseTo(model.simple.alphaUs / 14, 12);
    expect(model.bandwidthGBs).toBeCloseTo(model.simple.betaGBs, 9);
  });

  it('across nodes, B is the one-switch bandwidth that takes as long: β_S · 2(N−1)/N over the 2(n−1)/n of S leaving a node', () => {
    const { model } = modelOf(fixture('h100-2node-tcpxo.txt'));
    expect(model.simple.fabricBytesPerByte).toBe(1);
    expect(model.latencyUs).toBeCloseTo(model.simple.alphaUs / 30, 12);
    expect(model.bandwidthGBs).toBeCloseTo(model.simple.betaGBs * (30 / 16), 9);
  });

  it.each([2, 3, 4, 6, 8, 12, 16, 32])('holds for synthetic all-reduce, all-gather and reduce-scatter logs on %i devices in 1 or 2 nodes', (devices) => {
    const lines = { LL: { alphaUs: 12, betaGBs: 4 }, Simple: { alphaUs: 40 + devices, betaGBs: 90 } };
    const sizes = Array.from({ length: 12 }, (_, i) => 4 * devices * 1024 * 4 ** i);
    for (const collective of ['all_reduce', 'all_gather', 'reduce_scatter'] as const) {
      for (const devicesPerNode of devices % 2 === 0 && devices > 2 ? [devices, devices / 2] : [devices]) {
        expectRingOnSimpleLine(syntheticLog({ collective, devices, devicesPerNode, lines, sizes }));
      }
    }
  });

  it('says why a log of a collective without such a ring, or without devices, sets no model', () => {
    const broadcast = fitAsModel(calibrate(parseNcclTestsLog(fixture('broadcast-root-openmpi-tags.txt'))));
    expect(broadcast).toEqual({ ok: false, reason: "gradsync's rings model all-reduce, all-gather and reduce-scatter; a broadcast log does not set them" });
    const sendrecv = fitAsModel(calibrate(parseNcclTestsLog(fixture('a100-sendrecv-no-devices.txt'))));
    expect(sendrecv.ok).toBe(false);
  });
});

describe('the fit as a machine with its own protocols', () => {
  it.each(['h100-2node-ib.txt', 'h100-2node-ib-degraded.txt', 'h100-2node-tcpxo.txt'])(
    '%s: under each fitted protocol, the ring takes that protocol’s line, and auto takes the fit’s pick',
    (name) => {
      const calibration = calibrate(parseNcclTestsLog(fixture(name)));
      const derived = fitAsModel(calibration);
      if (!derived.ok) throw new Error(derived.reason);
      const { model } = derived;
      const fitted = (['LL', 'LL128'] as const).filter((p) => model.fabric.protocolLatencyUs?.[p] !== undefined);
      expect(fitted.length).toBeGreaterThan(0);
      const schedule = buildSchedule({ collective: model.collective, algorithm: DEFAULT_ALGORITHM, devices: model.devices });
      const sizes = calibration.fit.rows.map((row) => row.bytes).filter((bytes) => bytes > 0 && (bytes / BYTES_PER_ELEMENT) % model.devices === 0);
      for (const protocol of [...fitted, 'Simple' as const]) {
        const line = calibration.fit.lines[protocol]!;
        for (const bytes of sizes) {
          const topology = { kind: 'switch' as const, ...model.fabric, transport: { protocol } };
          const ring = modelCost(schedule, bytes / BYTES_PER_ELEMENT, topology).totalUs;
          const expected = line.alphaUs + fabricBytes(calibration.shape, bytes) / (line.betaGBs * 1e3);
          expect(Math.abs(ring / expected - 1), `${protocol} at ${bytes} B`).toBeLessThan(1e-9);
        }
      }
    },
  );

  it('a fabric in one line survives the round trip, and a bad line names what is wrong', () => {
    const fabric = { latencyUs: 8.99812, bandwidthGBs: 473.1, protocolLatencyUs: { LL: 1.2, LL128: 2.5 }, protocolBandwidthGBs: { LL: 40, LL128: 300 } };
    expect(fabricText(fabric)).toBe('8.99812,473.1;LL:1.2,40;LL128:2.5,300');
    expect(parseFabricText(fabricText(fabric))).toEqual(fabric);
    expect(parseFabricText('5,100')).toEqual({ latencyUs: 5, bandwidthGBs: 100, protocolLatencyUs: {}, protocolBandwidthGBs: {} });
    for (const [text, why] of [
      ['5', "'5' is not two numbers"],
      ['5,0', "'5,0' needs α ≥ 0 and B > 0"],
      ['5,100;LL256:1,2', "'LL256' is not LL or LL128 once"],
      ['5,100;LL:1,2;LL:1,2', "'LL' is not LL or LL128 once"],
      ['5,100;LL:x,2', "'x,2' is not two numbers"],
    ]) {
      expect(() => parseFabricText(text)).toThrow(why);
    }
  });
});

describe('auto on a fitted machine', () => {
  it('weighs the fit’s protocols only, and takes the fastest of their lines at every size, as the fit does', () => {
    for (const name of ['h100-2node-ib.txt', 'h100-2node-srun.txt', 'h100-1node.txt']) {
      const calibration = calibrate(parseNcclTestsLog(fixture(name)));
      const derived = fitAsModel(calibration);
      if (!derived.ok) throw new Error(derived.reason);
      const { model } = derived;
      const lines = calibration.fit.lines;
      const schedule = buildSchedule({ collective: model.collective, algorithm: DEFAULT_ALGORITHM, devices: model.devices });
      const topology = { kind: 'switch' as const, ...model.fabric, transport: { protocol: 'auto' as const } };
      for (const bytes of calibration.fit.rows.map((row) => row.bytes).filter((b) => b > 0 && (b / BYTES_PER_ELEMENT) % model.devices === 0)) {
        const cost = modelCost(schedule, bytes / BYTES_PER_ELEMENT, topology);
        expect(Object.keys(cost.protocolTotalsUs).sort(), name).toEqual(Object.keys(lines).sort());
        const times = Object.values(lines).map((line) => line!.alphaUs + fabricBytes(calibration.shape, bytes) / (line!.betaGBs * 1e3));
        expect(Math.abs(cost.totalUs / Math.min(...times) - 1), `${name} at ${bytes} B`).toBeLessThan(1e-9);
      }
    }
  });
});
