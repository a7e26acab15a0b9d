// Import at scale: hundreds of random programs held to the reference simulator, and a program of
// 64 GPUs with 64 threadblocks of 64 steps each converted in seconds.

import { describe, expect, it } from 'vitest';
import { importMscclXml } from '../../../../src/core/formats/msccl/importXml';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { stepXml } from './mscclDsl';
import { randomProgram } from './randomProgram';
import { expectSameData } from './referenceSimulator';

describe('larger programs', () => {
  it('random ones leave exactly what MSCCL computes, under every interleaving tried (400 programs: relays, forwards, waits, aliasing)', () => {
    let relayed = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const text = randomProgram(seed);
      const schedule = expectSameData(text);
      const own = Math.max(...parseMscclXml(text).gpus.map((gpu) => gpu.s_chunks));
      if ((schedule.scratch ?? 0) > own) relayed++;
    }
    // Relays are common enough to be exercised.
    expect(relayed).toBeGreaterThan(50);
  });

  it('converts 64 GPUs × 64 threadblocks × 64 steps quickly', () => {
    // All pairs: threadblock p+1 of GPU g alternately sends its input chunk p to GPU p and receives
    // GPU p's input chunk g into scratch chunk p, on channel (g + p) mod 2 (RCCL allows 32
    // threadblocks per channel and direction); threadblock 0 waits on all of them with nops.
    const n = 64;
    const lines = [
      `<algo name="big" proto="Simple" nchannels="2" nchunksperloop="${n}" ngpus="${n}" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">`,
    ];
    for (let g = 0; g < n; g++) {
      lines.push(`  <gpu id="${g}" i_chunks="${n}" o_chunks="0" s_chunks="${n}">`);
      lines.push(`    <tb id="0" send="-1" recv="-1" chan="0">`);
      for (let s = 0; s < 63; s++) lines.push(stepXml(s, `nop i -1 o -1 0 ${s < 62 ? (s + 2) % 64 : 1} 63 0`));
      lines.push(`      <step s="63" type="cpy" srcbuf="i" srcoff="${g}" dstbuf="s" dstoff="${g}" cnt="1" depid="1" deps="63" hasdep="0"/>`);
      lines.push('    </tb>');
      let tb = 1;
      for (let p = 0; p < n; p++) {
        if (p === g) continue;
        lines.push(`    <tb id="${tb++}" send="${p}" recv="${p}" chan="${(g + p) % 2}">`);
        for (let s = 0; s < 64; s++) lines.push(stepXml(s, s % 2 === 0 ? `s i ${p} s ${g} 1` : `r i ${g} s ${p} 1 -1 -1 ${s === 63 ? 1 : 0}`));
        lines.push('    </tb>');
      }
      lines.push('  </gpu>');
    }
    lines.push('</algo>');
    const text = lines.join('\n');
    const started = performance.now();
    const schedule = importMscclXml(text);
    const seconds = (performance.now() - started) / 1000;
    expect(schedule.steps).toHaveLength(33);
    expect(schedule.steps.reduce((sum, step) => sum + step.transfers.length, 0)).toBe(n * (n - 1) * 32 + n);
    expect(seconds).toBeLessThan(20);
  });
});
