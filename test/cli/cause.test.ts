// verify and run say which transfer most likely broke a wrong schedule, and where the file writes it:
// the JSON's steps[i].transfers[j] or the MSCCL XML's gpu, tb and step s, each with its line.

import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { scheduleJson } from '../../src/core/formats/scheduleJson';
import { makeTempDir, runCli } from './helpers';

const tmp = makeTempDir();
afterAll(() => tmp.remove());

/** The wrong-chunk MSCCL ring: GPU 2's step 5 (rrc) stores into chunk 1 (dstoff 0) instead of chunk 4. */
function wrongChunkRing(name: string): string {
  const text = readFileSync('test/fixtures/msccl/allreduce_ring_rrc.xml', 'utf8').replace('name="allreduce_ring_rrc"', `name="${name}"`);
  const step5 = text.indexOf('<step s="5" type="rrc" srcbuf="i" srcoff="3" dstbuf="i" dstoff="3"', text.indexOf('<gpu id="2"'));
  return text.slice(0, step5) + text.slice(step5).replace('dstoff="3"', 'dstoff="0"');
}

/** The 1-based line of the first line of `text` that holds `needle` from offset `from` on. */
function lineOf(text: string, needle: string, from = 0): number {
  return text.slice(0, text.indexOf(needle, from)).split('\n').length;
}

describe('the cause names the transfer where the file writes it', () => {
  it('JSON: a ring of mine sending step 5 to the wrong GPU, found from the contributions alone', async () => {
    const schedule = { ...ring.build({ devices: 4 }), algorithm: 'ring-of-mine' };
    schedule.steps[4].transfers[0].dst = 2;
    const text = scheduleJson(schedule);
    const file = tmp.file('ring-of-mine.json', text);
    // steps[4] is the fifth step; its first transfer is the first "src" after its "phase".
    let fifth = -1;
    for (let k = 0; k < 5; k++) fifth = text.indexOf('"phase"', fifth + 1);
    const line = lineOf(text, '"src"', fifth);
    const result = await runCli(['verify', '--schedule', file]);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toEqual([
      "not verified: after step 6, GPU-1 chunk 1 lacks c₁ (GPU-2's contribution); its value was last reduced at step 1 on GPU-1",
      'most likely: step 5: GPU-0 → GPU-2 copies chunk 1, where sending it to GPU-1 would make every result right (from the contributions alone)',
      // The field to change, and to what: GPU-1 is device 1.
      `  written at steps[4].transfers[0].dst, line ${line} (2 → 1): ${text.split('\n')[line - 1].trim()}`,
      // The other candidates, likeliest first: GPU-1 could also have been sent the chunk by another GPU.
      'also possible: step 5: GPU-0 → GPU-1, chunk 1, copy is missing: adding it would make every result right',
      'also possible: step 5: GPU-3 → GPU-1, chunk 1, copy is missing: adding it would make every result right',
      'also possible: step 4: GPU-3 → GPU-1, chunk 1, copy is missing: adding it would make every result right',
      '',
    ]);
  });

  it('MSCCL XML: the wrong-chunk ring, with and without the built-in ring to compare with', async () => {
    const mine = wrongChunkRing('allreduce_ring_rrc');
    const line = lineOf(mine, 'dstoff="0"', mine.indexOf('<step s="5" type="rrc" srcbuf="i" srcoff="3"'));
    expect(line).toBe(42);
    const alone = await runCli(['verify', '--schedule', tmp.file('mine.xml', mine)]);
    expect(alone).toEqual({
      code: 1,
      out:
        "not verified: after step 6, GPU-0 chunk 4 lacks its own a₄; its value is GPU-2's input, copied there without a reduce\n" +
        "most likely: step 3: GPU-1 → GPU-2 brings (a₄+b₄+d₄) of chunk 4 into GPU-2's input chunk 1, where chunk 1's result belongs: the first transfer to mix chunks (from the contributions alone)\n" +
        `  written at gpu 2, tb 0, step s=5 (rrc), line 42: ${mine.split('\n')[41].trim()}\n`,
      err: '',
    });
    const named = await runCli(['verify', '--schedule', tmp.file('ring.xml', wrongChunkRing('ring')), '--json']);
    expect(JSON.parse(named.out).cause).toEqual({
      kind: 'changed',
      evidence: 'reference',
      step: 3,
      transfer: 3,
      src: 1,
      dst: 2,
      chunk: 0,
      op: 'reduce',
      sentence: 'step 3: GPU-1 → GPU-2 reduces chunk 4 into chunk 1, where the built-in ring reduces it into chunk 4',
      source: { line: 42, where: 'gpu 2, tb 0, step s=5 (rrc), dstoff', format: 'msccl', change: '0 → 3' },
      others: [],
    });
  });

  it('run says the same under its verdict', async () => {
    const result = await runCli(['run', '--schedule', tmp.file('run.xml', wrongChunkRing('ring')), '--elements', '4096', '--backend', 'cpu']);
    expect(result.code).toBe(1);
    expect(result.out.split('\n').slice(1, 4)).toEqual([
      "✗ not verified: after step 6, GPU-0 chunk 4 lacks its own a₄; its value is GPU-2's input, copied there without a reduce",
      '  most likely: step 3: GPU-1 → GPU-2 reduces chunk 4 into chunk 1, where the built-in ring reduces it into chunk 4',
      expect.stringMatching(/^ {4}written at gpu 2, tb 0, step s=5 \(rrc\), dstoff, line 42 \(0 → 3\): <step s="5" type="rrc" .*dstoff="0"/),
    ]);
  });
});
