// The layers of docs/architecture.md live in one place, eslint.config.js, which `npm test` runs over every file. This
// checks that the rules there refuse what they must and let through what they should.

import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer rules' messages for `code` placed at `file`. */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return result.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('layers', () => {
  it.each([
    ['src/core/x.ts', "import { create } from 'zustand';\nexport const a = create;"],
    ['src/core/x.ts', "import { select } from 'd3-selection';\nexport const a = select;"],
    ['src/core/x.ts', "import { App } from '../ui/app/App';\nexport const a = App;"],
    ['src/core/x.ts', 'export const a = () => document.title;'],
    ['src/engine/x.ts', "import { simStore } from '../store/simStore';\nexport const a = simStore;"],
    ['src/store/x.ts', "import { App } from '../ui/app/App';\nexport const a = App;"],
    ['src/store/x.ts', "import { useState } from 'react';\nexport const a = useState;"],
    ['src/cli/x.ts', "import { simStore } from '../store/simStore';\nexport const a = simStore;"],
    ['src/ui/x.ts', "import { main } from '../cli/main';\nexport const a = main;"],
    ['src/ui/deep/x.ts', "export const a = () => import('../../cli/main');"],
  ])('%s refuses: %s', async (file, code) => {
    expect(await refusals(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/core/model/x.ts', "import { mod } from '../algorithms/ring';\nexport const a = mod;"],
    [
      'src/ui/x.ts',
      "import { scaleLinear } from 'd3-scale';\nimport { buildSchedule } from '../core/algorithms';\nexport const a = [scaleLinear, buildSchedule];",
    ],
    [
      'src/cli/x.ts',
      "import { readFileSync } from 'node:fs';\nimport { CpuEngine } from '../engine/cpu/cpuEngine';\nexport const a = [readFileSync, CpuEngine];",
    ],
  ])('%s allows: %s', async (file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });

  describe('inside src/core, a folder imports only the folders before it', () => {
    it.each([
      ['src/core/schedule/x.ts', "import { narrate } from '../narration/narration';\nexport const a = narrate;"],
      ['src/core/symbolic/x.ts', "import { modelCost } from '../model/cost';\nexport const a = modelCost;"],
      ['src/core/symbolic/x.ts', "export const a = () => import('../model/cost');"],
      ['src/core/narration/x.ts', "import { findFaults } from '../diagnosis';\nexport const a = findFaults;"],
      ['src/core/formats/msccl/x.ts', "import { findFaults } from '../../diagnosis/faults';\nexport const a = findFaults;"],
      ['src/core/diagnosis/x.ts', "import { mscclXml } from '../formats';\nexport const a = mscclXml;"],
      ['src/core/errors.ts', "import { compileSchedule } from './schedule/compile';\nexport const a = compileSchedule;"],
    ])('%s refuses: %s', async (file, code) => {
      const messages = await refusals(file, code);
      expect(messages.some((message) => message.includes('Inside core'))).toBe(true);
    });

    it.each([
      ['src/core/schedule/x.ts', "import { invariant } from '../errors';\nimport { slotsOf } from './slots';\nexport const a = [invariant, slotsOf];"],
      [
        'src/core/model/x.ts',
        "import { presetById } from '../nccl/presets';\nimport { ring } from '../algorithms/ring';\nexport const a = [presetById, ring];",
      ],
      ['src/core/nccl/x.ts', "import { nodesTopology } from '../model/cost';\nexport const a = nodesTopology;"],
      [
        'src/core/formats/msccl/x.ts',
        "import { traceOf } from '../trace';\nimport { compileSchedule } from '../../schedule/compile';\nexport const a = [traceOf, compileSchedule];",
      ],
      ['src/core/ops.ts', "import { GradsyncError } from './errors';\nexport const a = GradsyncError;"],
    ])('%s allows: %s', async (file, code) => {
      expect(await refusals(file, code)).toEqual([]);
    });
  });
});
