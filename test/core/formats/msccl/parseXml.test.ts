// What parseMscclXml accepts: the attributes of a correct program read exactly, everything RCCL's
// parser takes that is harmless, integers as RCCL reads them, and what older msccl-tools leaves out.

import { describe, expect, it } from 'vitest';
import { importMscclXml } from '../../../../src/core/formats/msccl/importXml';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { failure } from './failure';
import { edit, PAIR } from './pairProgram';
import { expectedOutputs, expectSameData, runSchedule } from './referenceSimulator';

describe('parseMscclXml', () => {
  it('reads PAIR, a correct all-reduce', () => {
    const algo = parseMscclXml(PAIR);
    expect(algo).toMatchObject({ name: 'pair', proto: 'Simple', nchannels: 1, nchunksperloop: 2, ngpus: 2, coll: 'allreduce', inplace: 1, outofplace: 0 });
    expect(algo.gpus[1].threadblocks[0].steps[2]).toEqual({
      s: 2,
      type: 's',
      srcbuf: 'i',
      srcoff: 1,
      dstbuf: 'i',
      dstoff: 1,
      cnt: 1,
      depid: 1,
      deps: 0,
      hasdep: 0,
    });
    expect(runSchedule(expectSameData(PAIR))).toEqual(expectedOutputs(algo));
  });

  it('accepts what RCCL accepts and more that is harmless: a prolog, comments, tabs and newlines, quotes, closed steps, unknown attributes and elements', () => {
    const lenient = `<?xml version="1.0" encoding="utf-8"?>
<!-- a comment before -->
<algo name='pair' proto="Simple" nchannels="1" nchunksperloop="0x2" ngpus="2" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0" nthreadblocks="2">
  <!-- a comment inside -->
  <op note="msccl-tools' other format, ignored"><step s="9"/></op>
  <gpu id="1" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="1" cnt="1" depid="0" deps="1" hasdep="1"></step>
    </tb>
    <tb id="0" send="0" recv="0" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1"	type="r"	srcbuf="i" srcoff="+1" dstbuf="s" dstoff="00" cnt="1"
            depid="-1" deps="-1" hasdep="1" />
      <step s="02" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0" maxcount="1"/>
    </tb>
  </gpu>
  <gpu id="0" i_chunks="2" o_chunks="0" s_chunks="1">
    <tb id="0" send="1" recv="1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="1" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="r" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="2" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="1" deps="0" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="0" deps="1" hasdep="1"/>
    </tb>
  </gpu>
</algo>
<!-- and after -->
`;
    expect(parseMscclXml(lenient)).toEqual(parseMscclXml(PAIR));
  });

  it('reads integers as strtol(s, NULL, 0) does', () => {
    const read = (value: string): number => parseMscclXml(edit(2, 'i_chunks="2"', `i_chunks="${value}"`)).gpus[0].i_chunks;
    expect([' 7', '+7', '0x1F', '0X1f', '017', '08', '0x', '12abc', '1.9'].map(read)).toEqual([7, 7, 31, 31, 15, 0, 0, 12, 1]);
    expect(failure(() => read('seven')).message).toBe('line 2: <gpu id="0">: i_chunks must be an integer, got "seven"');
  });

  it('takes what older msccl-tools omits: outofplace = 1 − inplace, minBytes = maxBytes = 0', () => {
    const algo = parseMscclXml(edit(1, ' outofplace="0" minBytes="0" maxBytes="0"', ''));
    expect([algo.inplace, algo.outofplace, algo.minBytes, algo.maxBytes]).toEqual([1, 0, 0, 0]);
    expect(parseMscclXml(edit(1, 'name="pair" ', '')).name).toBe('');
    expect(importMscclXml(edit(1, 'name="pair" ', '')).algorithm).toBe('msccl');
  });
});
