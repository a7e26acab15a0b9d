// The core says which setting an error is about and names no flag; the command line names the flag.

import { describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { benchCommand } from '../../src/cli/commands/bench';
import { narrateCommand } from '../../src/cli/commands/narrate';
import { runCommand } from '../../src/cli/commands/run';
import { scheduleCommand } from '../../src/cli/commands/schedule';
import { traceCommand } from '../../src/cli/commands/trace';
import { trainCommand } from '../../src/cli/commands/train';
import { verifyCommand } from '../../src/cli/commands/verify';
import { cliWords, FLAG_OF_SETTING } from '../../src/cli/errorWords';
import { GradsyncError } from '../../src/core/errors';
import { expectUsageError, runCli } from './helpers';

const HRING8 = ['schedule', '--algorithm', 'hierarchical-ring', '--devices', '8'];

describe('errors about a setting name its flag', () => {
  it('says what --devices-per-node must be and what it got', async () => {
    const result = await runCli([...HRING8, '--devices-per-node', '3']);
    expectUsageError(result, /--devices-per-node/);
    expect(result.err).toBe('gradsync: --devices-per-node must divide the 8 devices: 1, 2, 4 or 8; got 3\n');
  });

  it('says that --devices-per-node is missing and what it must be', async () => {
    const result = await runCli(HRING8);
    expectUsageError(result, /--devices-per-node/);
    expect(result.err).toBe('gradsync: missing --devices-per-node, which must divide the 8 devices: 1, 2, 4 or 8\n');
  });

  it('names --collective for an algorithm of another collective', async () => {
    const result = await runCli(['schedule', '--algorithm', 'binomial-tree', '--devices', '4']);
    expectUsageError(
      result,
      /^gradsync: --algorithm must be one of the allreduce algorithms: naive, .*; got 'binomial-tree', which needs --collective broadcast or reduce\n$/,
    );
  });

  it('names --op for an unknown op', async () => {
    const result = await runCli(['narrate', '--algorithm', 'ring', '--devices', '4', '--op', 'bogus']);
    expect(result.err).toBe("gradsync: --op must be one of sum, avg, max, min, prod; got 'bogus'\n");
    expect(result.code).toBe(2);
  });
});

describe('cliWords', () => {
  it('keeps the message of an error about no setting, or about one without a flag', () => {
    expect(cliWords(new GradsyncError('invalid-schedule', 'step 1, transfer 1: dst 9 is out of range 0..3'))).toBe(
      'step 1, transfer 1: dst 9 is out of range 0..3',
    );
    const gamma = new GradsyncError('bad-argument', 'γ per byte must be a number ≥ 0, got -1', {
      field: 'gammaUsPerByte',
      value: -1,
      allowed: 'be a number ≥ 0',
    });
    expect(cliWords(gamma)).toBe('γ per byte must be a number ≥ 0, got -1');
  });

  it('words a setting from its field, whatever the core’s message says', () => {
    const error = new GradsyncError('bad-argument', 'the latency must be a number ≥ 0, got -1', { field: 'latencyUs', value: -1, allowed: 'be a number ≥ 0' });
    expect(cliWords(error)).toBe('--latency-us must be a number ≥ 0; got -1');
  });

  it('maps each setting to a flag some command takes', () => {
    const done = () => {};
    const io = { out: () => {}, err: () => {} };
    const commands: Command[] = [scheduleCommand, runCommand, verifyCommand, benchCommand, narrateCommand, traceCommand, trainCommand].map((make) =>
      make(io, done),
    );
    const flags = new Set(commands.flatMap((command) => command.options.map((option) => option.long)));
    for (const [field, flag] of Object.entries(FLAG_OF_SETTING)) expect(flags.has(flag), `${field} → ${flag}`).toBe(true);
  });
});
