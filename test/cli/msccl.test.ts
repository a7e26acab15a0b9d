// MSCCL XML at the command line: every command that takes --schedule reads it, told apart from JSON by
// content; a wrong or deadlocking algorithm exits 1 naming where, malformed XML exits 2 in one line;
// `export --format msccl-xml` writes what RCCL's parser takes and what imports back verified.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_NOT_VERIFIED, EXIT_OK } from '../../src/cli/exitCodes';
import { ring } from '../../src/core/algorithms/ring';
import { programXml } from '../core/formats/msccl/mscclDsl';
import { expectUsageError, makeTempDir, runCli, STACK_FRAME } from './helpers';

const FIXTURES = 'test/fixtures/msccl';
const VALID = ['allgather_ring', 'allreduce_allpairs', 'allreduce_ring_fused', 'allreduce_ring_oop', 'broadcast_tree', 'reducescatter_ring'];

describe('MSCCL XML as a schedule', () => {
  const dir = makeTempDir('gradsync-msccl-');
  afterAll(() => dir.remove());

  for (const name of VALID) {
    it(`${name}: verify proves it, run verifies its values, narrate and trace tell it`, async () => {
      const file = `${FIXTURES}/${name}.xml`;
      const verified = await runCli(['verify', '--schedule', file]);
      expect(verified.err).toBe('');
      expect(verified.code).toBe(EXIT_OK);
      expect(verified.out).toMatch(/^verified: /);
      const run = await runCli(['run', '--schedule', file, '--elements', '48', '--op', 'prod', '--json']);
      expect(run.code).toBe(EXIT_OK);
      expect(JSON.parse(run.out)).toMatchObject({ verified: true, elements: 48 });
      const told = await runCli(['narrate', '--schedule', file]);
      expect(told.code).toBe(EXIT_OK);
      expect(told.out).toMatch(/^Step 1 of \d+/m);
      const trace = await runCli(['trace', '--schedule', file, '--elements', '48']);
      expect(trace.code).toBe(EXIT_OK);
      expect(JSON.parse(trace.out).traceEvents.length).toBeGreaterThan(0);
    });
  }

  it('bench aligns each size down to the algorithm’s equal chunks, as nccl-tests aligns its counts', async () => {
    const result = await runCli(['bench', '--schedule', `${FIXTURES}/allreduce_ring_oop.xml`, '--min-bytes', '1K', '--max-bytes', '16K', '--iters', '1']);
    expect(result.code, result.err).toBe(EXIT_OK);
    const rows = result.out.split('\n').filter((line) => /^\s+\d/.test(line));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [size, count, , , , , , , wrong] = row.trim().split(/\s+/);
      expect(Number(count) % 3).toBe(0);
      expect(Number(size)).toBe(Number(count) * 4);
      expect(wrong).toBe('0');
    }
    expectUsageError(
      await runCli(['bench', '--schedule', `${FIXTURES}/allreduce_allpairs.xml`, '--min-bytes', '4', '--max-bytes', '16']),
      /holds the 8 equal chunks/,
    );
  });

  it('names a send no step receives, a fault of the algorithm like a deadlock, and exits 1', async () => {
    // GPU 0 sends two chunks to GPU 1, which receives one.
    const unreceived = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ send: 1, steps: ['s i 0 i 0 1', 's i 1 i 1 1'] }] }, { tbs: [{ recv: 0, steps: ['r i 0 i 0 1'] }] }],
    });
    const file = dir.file('unreceived.xml', unreceived);
    const result = await runCli(['verify', '--schedule', file]);
    expect(result.code).toBe(EXIT_NOT_VERIFIED);
    expect(result.out).toMatch(
      /^not verified: \S+unreceived\.xml: line \d+: GPU 0 threadblock 0 step 1 sends to GPU 1 on channel 0, but no step receives it\n$/,
    );
    const run = await runCli(['run', '--schedule', file, '--elements', '24']);
    expect(run.code).toBe(EXIT_NOT_VERIFIED);
    expect(run.err).toMatch(/^gradsync: .*no step receives it\n$/);
  });

  it('names a deadlock by GPU, threadblock and step, and exits 1', async () => {
    const result = await runCli(['verify', '--schedule', `${FIXTURES}/deadlock.xml`]);
    expect(result.code).toBe(EXIT_NOT_VERIFIED);
    expect(result.out).toMatch(/^not verified: .*GPU 0 threadblock 0 step 0 \(r from GPU 1, channel 0\) waits for/);
    const run = await runCli(['run', '--schedule', `${FIXTURES}/deadlock.xml`, '--elements', '8']);
    expect(run.code).toBe(EXIT_NOT_VERIFIED);
    expect(run.err).toMatch(/^gradsync: .*a cycle\n$/);
    expect(run.err).not.toMatch(STACK_FRAME);
  });

  it('refuses malformed XML in one line naming the line, element and attribute', async () => {
    expectUsageError(
      await runCli(['verify', '--schedule', `${FIXTURES}/bad_cnt.xml`]),
      /bad_cnt\.xml: line 11: <step s="0"> of GPU 1 threadblock 0: cnt must be 0\.\.71, got 80$/m,
    );
    expectUsageError(
      await runCli(['run', '--schedule', `${FIXTURES}/bad_missing_attribute.xml`, '--elements', '4']),
      /line 2: <algo> lacks the attribute "nchunksperloop"/,
    );
    expectUsageError(await runCli(['narrate', '--schedule', `${FIXTURES}/bad_unclosed_tb.xml`]), /<\/gpu> does not close <tb>/);
  });

  it('says when the elements do not split into the algorithm’s equal chunks', async () => {
    expectUsageError(await runCli(['run', '--schedule', `${FIXTURES}/allreduce_allpairs.xml`, '--elements', '10']), /--elements must be a multiple of \d+/);
  });

  it('names a wrong algorithm’s device and chunk, exit 1', async () => {
    const text = readFileSync(`${FIXTURES}/allreduce_ring_fused.xml`, 'utf8');
    // GPU 0's last receive stores nothing it needs: its first rrcs becomes a plain receive into place.
    const broken = text.replace(/type="rrcs"/, 'type="rcs"');
    expect(broken).not.toBe(text);
    const result = await runCli(['verify', '--schedule', dir.file('broken.xml', broken)]);
    expect(result.code).toBe(EXIT_NOT_VERIFIED);
    expect(result.out).toMatch(/^not verified: after step \d+, GPU-\d chunk \d( \([a-d]\S*\))? lacks /);
  });
});

describe('gradsync export --format msccl-xml', () => {
  const dir = makeTempDir('gradsync-msccl-out-');
  afterAll(() => dir.remove());

  it('writes an algorithm that reads back verified, moving the same bytes', async () => {
    const out = dir.fresh('ring.xml');
    const exported = await runCli(['export', '--format', 'msccl-xml', '--algorithm', 'ring', '--devices', '8', '--out', out]);
    expect(exported.err).toBe('');
    expect(exported.code).toBe(EXIT_OK);
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^<!--[^\n]*-->\n/);
    expect(text).toMatch(
      /^<algo name="[^"]+" proto="Simple" nchannels="\d+" nchunksperloop="8" ngpus="8" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">$/m,
    );
    const original = JSON.parse((await runCli(['run', '--algorithm', 'ring', '--devices', '8', '--elements', '64', '--json'])).out);
    const back = JSON.parse((await runCli(['run', '--schedule', out, '--elements', '64', '--json'])).out);
    expect(back.verified).toBe(true);
    expect(back.bytesSent).toEqual(original.bytesSent);
    expect(back.bytesReceived).toEqual(original.bytesReceived);
  });

  it('prints to stdout without --out, and says in one line when an algorithm does not fit', async () => {
    const printed = await runCli(['export', '--format', 'msccl-xml', '--algorithm', 'naive', '--devices', '3']);
    expect(printed.code).toBe(EXIT_OK);
    expect(printed.out).toMatch(/<\/algo>\n$/);
    expectUsageError(await runCli(['export', '--format', 'msccl-xml', '--algorithm', 'naive', '--devices', '66']), /GPU 0 would need 65 threadblocks/);
    expectUsageError(await runCli(['export', '--format', 'msccl-xml', '--algorithm', 'ring', '--devices', '4', '--max-steps', '999']), /--max-steps/);
  });

  it('writes a schedule that does not verify as asked, and warns in one line that it does not', async () => {
    const broken = ring.build({ devices: 4 });
    broken.steps[0].transfers.shift();
    for (const format of ['msccl-xml', 'torch']) {
      const exported = await runCli(['export', '--format', format, '--schedule', dir.file(`broken-${format}.json`, broken)]);
      expect(exported.code).toBe(EXIT_OK);
      expect(exported.out.length).toBeGreaterThan(0);
      expect(exported.err).toBe(
        `gradsync: warning: this schedule does not verify (after step 6, GPU-0 chunk 1 lacks its own a₁; its value was last reduced at step 3 on GPU-3); the ${format} output runs it as written\n`,
      );
    }
  });
});
