import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { compileSchedule } from '../../src/core/schedule/compile';
import { nodesTopology, type Topology } from '../../src/core/model/cost';
import { dataflowTiming, type DataflowTiming } from '../../src/core/model/dataflowTiming';
import { importMscclXml } from '../../src/core/formats/msccl/importXml';
import type { Schedule } from '../../src/core/schedule/ir';
import { chunkBytes } from '../../src/core/model/traffic';
import { elementSizes, everyAlgorithm } from '../fixtures/scenarios';

const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };
const SLACK = 1e-9;

/** Topologies a schedule of N devices can be modelled on: the switch, and nodes of every proper divisor. */
function topologiesFor(devices: number): Topology[] {
  const nodes = [2, 4, 8].filter((g) => g < devices && devices % g === 0).map((g) => nodesTopology(g));
  return [SWITCH, ...nodes];
}

function expectNotLonger(timing: DataflowTiming, what: string) {
  expect(timing.totalUs, what).toBeLessThanOrEqual(timing.stepTotalUs * (1 + SLACK) + SLACK);
}

/**
 * Checks every transfer against the rules, straight from the schedule: it starts after every write of
 * an earlier step to the place it reads has ended; it lands after every earlier write to the place it
 * writes and after every read of that place in its step or before has started; and each sending port
 * sends one message at a time, in the order listed.
 */
function expectRulesKept(schedule: Schedule, timing: DataflowTiming, topology: Topology, what: string) {
  const compiled = compileSchedule(schedule);
  const { slots, steps, stepStart, src, dst, chunk, srcChunk } = compiled;
  const bytesOf = chunkBytes(timing.elements, compiled);
  const writes = new Map<number, number[]>();
  const reads = new Map<number, number[]>();
  const portLast = new Map<string, number>();
  const fabricOf = (t: number) =>
    topology.kind === 'nodes' && Math.floor(src[t] / topology.devicesPerNode) !== Math.floor(dst[t] / topology.devicesPerNode) ? 1 : 0;
  for (let s = 0; s < steps; s++) {
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const from = src[t] * slots + srcChunk[t];
      for (const w of writes.get(from) ?? [])
        expect(timing.startUs[t], `${what}: transfer ${t} reads before write ${w} ends`).toBeGreaterThanOrEqual(timing.endUs[w]);
      reads.set(from, [...(reads.get(from) ?? []), t]);
      if (src[t] !== dst[t] && bytesOf[chunk[t]] > 0) {
        const port = `${src[t]}:${fabricOf(t)}`;
        const before = portLast.get(port);
        if (before !== undefined) expect(timing.startUs[t], `${what}: port ${port} sends two at once`).toBeGreaterThanOrEqual(timing.sentUs[before]);
        portLast.set(port, t);
      }
    }
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const to = dst[t] * slots + chunk[t];
      for (const w of writes.get(to) ?? []) expect(timing.endUs[t], `${what}: transfer ${t} lands before write ${w}`).toBeGreaterThanOrEqual(timing.endUs[w]);
      for (const r of reads.get(to) ?? [])
        expect(timing.endUs[t], `${what}: transfer ${t} lands before read ${r} starts`).toBeGreaterThanOrEqual(timing.startUs[r]);
      expect(timing.endUs[t]).toBeGreaterThanOrEqual(timing.startUs[t]);
      writes.set(to, [...(writes.get(to) ?? []), t]);
    }
  }
}

const mscclFixtures = readdirSync(new URL('../fixtures/msccl/', import.meta.url))
  .filter((name) => name.endsWith('.xml') && !name.startsWith('bad') && name !== 'deadlock.xml')
  .map((name) => [name, importMscclXml(readFileSync(new URL(`../fixtures/msccl/${name}`, import.meta.url), 'utf8'))] as const);

describe('dataflow timing against the step model', () => {
  it('is never longer, for every built-in algorithm on N = 1..24, sizes at the chunk edges, a switch and nodes', () => {
    for (let n = 1; n <= 24; n++) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        for (const topology of topologiesFor(n)) {
          for (const elements of [...elementSizes(n), 1 << 20]) {
            expectNotLonger(dataflowTiming(schedule, elements, topology), `${request.collective}/${request.algorithm} N=${n} K=${elements} ${topology.kind}`);
          }
        }
      }
    }
  });

  it('is never longer for the MSCCL fixtures, and keeps every rule', () => {
    for (const [name, schedule] of mscclFixtures) {
      for (const topology of topologiesFor(schedule.devices)) {
        const timing = dataflowTiming(schedule, schedule.chunks * 1000, topology, { gammaUsPerByte: 1e-6 });
        expectNotLonger(timing, name);
        expectRulesKept(schedule, timing, topology, name);
      }
    }
  });

  it('keeps every rule for every built-in algorithm: no transfer starts before the write it reads from ends', () => {
    for (const n of [2, 3, 5, 8, 12]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        for (const topology of topologiesFor(n)) {
          const timing = dataflowTiming(schedule, 7 * n + 3, topology);
          expectRulesKept(schedule, timing, topology, `${request.collective}/${request.algorithm} N=${n} ${topology.kind}`);
        }
      }
    }
  });

  it('is never longer and keeps every rule for any valid schedule, α, B and γ', () => {
    const transfer = (devices: number, chunks: number) =>
      fc.record({ src: fc.nat(devices - 1), dst: fc.nat(devices - 1), chunk: fc.nat(chunks - 1), op: fc.constantFrom('reduce' as const, 'copy' as const) });
    const arbitrary = fc.record({ devices: fc.integer({ min: 2, max: 6 }), chunks: fc.integer({ min: 1, max: 4 }) }).chain(({ devices, chunks }) =>
      fc.record({
        devices: fc.constant(devices),
        chunks: fc.constant(chunks),
        steps: fc.array(fc.array(transfer(devices, chunks), { maxLength: 8 }), { maxLength: 6 }),
        elements: fc.integer({ min: 1, max: 100_000 }),
        latencyUs: fc.double({ min: 0, max: 20, noNaN: true }),
        bandwidthGBs: fc.double({ min: 0.5, max: 400, noNaN: true }),
        gammaUsPerByte: fc.constantFrom(0, 1e-6, 1e-4),
        nodes: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(arbitrary, (input) => {
        // Only the transfers that make a valid schedule: no self-sends, no copy sharing a place in a step.
        const steps = input.steps.map((transfers) => {
          const written = new Set<string>();
          return {
            phase: 'p',
            transfers: transfers.filter((t) => {
              const key = `${t.dst}:${t.chunk}`;
              if (t.src === t.dst || written.has(key)) return false;
              written.add(key);
              return true;
            }),
          };
        });
        const schedule: Schedule = {
          format: 'gradsync-schedule/1',
          collective: 'allreduce',
          algorithm: 'any',
          devices: input.devices,
          chunks: input.chunks,
          steps,
        };
        const fabric = { latencyUs: input.latencyUs, bandwidthGBs: input.bandwidthGBs };
        const topology: Topology = input.nodes && input.devices % 2 === 0 ? nodesTopology(2, fabric) : { kind: 'switch', ...fabric };
        const timing = dataflowTiming(schedule, input.elements, topology, { gammaUsPerByte: input.gammaUsPerByte });
        expectNotLonger(timing, 'random schedule');
        expectRulesKept(schedule, timing, topology, 'random schedule');
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });
});
