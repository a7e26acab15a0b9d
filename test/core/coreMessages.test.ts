// The core's messages name no front end's flag: the command line and the app each word an error about
// a setting from its field, so a "--devices-per-node" in a core message would reach the app as it is.
// Every throw site that takes user input is driven here with bad values and its message checked.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALGORITHMS, buildSchedule, type AlgorithmOptions } from '../../src/core/algorithms';
import { ring } from '../../src/core/algorithms/ring';
import { compileSchedule, parseSchedule } from '../../src/core/schedule/compile';
import { checkTopology, modelCost, nodesTopology, type Topology } from '../../src/core/model/cost';
import { parseTopology } from '../../src/core/model/topology';
import { GradsyncError } from '../../src/core/errors';
import { narrateStep } from '../../src/core/narration/narration';
import { parseReduceOp } from '../../src/core/ops';
import { COLLECTIVES } from '../../src/core/schedule/ir';
import { checkElements } from '../../src/core/model/traffic';
import { SETTING_LABELS } from '../../src/store/config';

/** A flag as a command line spells it: two dashes and a lowercase letter. */
const FLAG = /--[a-z]/;

/** The GradsyncError `run` throws, or null when it throws none. */
function thrown(run: () => unknown): GradsyncError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof GradsyncError) return error;
    throw error;
  }
}

/** Options that every builder must reject, some of them for one kind of algorithm only. */
const BAD_OPTIONS: AlgorithmOptions[] = [
  { devices: 0 },
  { devices: 1.5 },
  { devices: 5000 },
  { devices: 4, chunks: 0 },
  { devices: 4, chunks: 2.5 },
  { devices: 4, chunks: 7 },
  { devices: 4, chunks: 1 << 30 },
  { devices: 4096, chunks: 4096 },
  { devices: 2048, chunks: 8 },
  { devices: 8 },
  { devices: 8, devicesPerNode: 3 },
  { devices: 8, devicesPerNode: 0 },
  { devices: 4, root: 4 },
  { devices: 4, root: -1 },
];

const ring4 = ring.build({ devices: 4 });
const SWITCH: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100 };

/** Core functions that take a setting from a front end, each with a bad value. */
const SETTING_CASES: [string, () => unknown][] = [
  ['an unknown algorithm', () => buildSchedule({ algorithm: 'bogus', devices: 4 })],
  ['an algorithm of another collective', () => buildSchedule({ algorithm: 'binomial-tree', devices: 4 })],
  ['an unknown op', () => parseReduceOp('bogus')],
  ['a fractional element count', () => checkElements(1.5)],
  ['a negative latency', () => checkTopology({ ...SWITCH, latencyUs: -1 })],
  ['a zero bandwidth', () => checkTopology({ ...SWITCH, bandwidthGBs: 0 })],
  ['devices per node 0', () => checkTopology(nodesTopology(0))],
  ['devices per node not dividing the devices', () => checkTopology(nodesTopology(3), 4)],
  ['a negative latency between nodes', () => checkTopology(nodesTopology(2, undefined, { latencyUs: -1, bandwidthGBs: 1 }))],
  ['a zero bandwidth between nodes', () => checkTopology(nodesTopology(2, undefined, { latencyUs: 1, bandwidthGBs: 0 }))],
  ['an unknown topology', () => parseTopology('nodes:0')],
  ['a negative γ', () => modelCost(ring4, 8, SWITCH, { gammaUsPerByte: -1 })],
];

/** Other core functions that reject what a person gives them. */
const OTHER_CASES: [string, () => unknown][] = [
  ['a step past the end', () => narrateStep(ring4, 99)],
  ['text that is not JSON', () => parseSchedule('{')],
  [
    'a schedule with a device out of range',
    () => compileSchedule({ ...ring4, steps: [{ phase: 'x', transfers: [{ src: 0, dst: 9, chunk: 0, op: 'reduce' }] }] }),
  ],
];

describe('messages thrown by the core', () => {
  for (const collective of COLLECTIVES) {
    for (const spec of ALGORITHMS[collective]) {
      it(`name no flag when ${spec.id} (${collective}) rejects its options`, () => {
        const errors = BAD_OPTIONS.map((options) => thrown(() => spec.build(options))).filter((e) => e !== null);
        // Most of the bad options are bad for every builder, so a builder that stops checking shows here.
        expect(errors.length, 'rejected options').toBeGreaterThanOrEqual(6);
        for (const error of errors) expect(error.message).not.toMatch(FLAG);
      });
    }
  }

  for (const [name, run] of [...SETTING_CASES, ...OTHER_CASES]) {
    it(`name no flag for ${name}`, () => {
      const error = thrown(run);
      expect(error, 'a GradsyncError').not.toBeNull();
      expect(error!.message).not.toMatch(FLAG);
    });
  }

  for (const [name, run] of SETTING_CASES) {
    it(`say which setting, in a way the app can name, for ${name}`, () => {
      const setting = thrown(run)!.setting;
      expect(setting, 'field and allowed').toBeDefined();
      expect(SETTING_LABELS[setting!.field], `label of ${setting!.field}`).toBeDefined();
      if (setting!.allowedWith) expect(SETTING_LABELS[setting!.allowedWith.field]).toBeDefined();
      expect(setting!.allowed).not.toMatch(FLAG);
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

describe('the core’s source', () => {
  it('spells no flag in any string, so messages on paths no test reaches name none either', () => {
    const root = join(__dirname, '..', '..');
    const found: string[] = [];
    // The torch program is another program's text: its flags are its own, not gradsync's.
    const ownText = (file: string) => !basename(file).startsWith('torchProgram');
    for (const file of sourceFiles(join(root, 'src', 'core')).filter(ownText)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '').replace(/\s\/\/\s.*$/, '');
          for (const literal of code.match(/'[^']*'|"[^"]*"|`[^`]*`/g) ?? []) {
            if (FLAG.test(literal)) found.push(`${relative(root, file)}:${i + 1}: ${literal}`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
