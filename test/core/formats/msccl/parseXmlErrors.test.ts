// What parseMscclXml refuses: malformed XML and programs that break RCCL's parser rules, each in
// one line naming the line, the element and the attribute, so a user can find and fix it.

import { describe, expect, it } from 'vitest';
import { parseMscclXml } from '../../../../src/core/formats/msccl/xml';
import { failure } from './failure';
import { fixture } from './mscclFixtures';
import { programXml } from './mscclDsl';
import { edit, PAIR } from './pairProgram';

describe('parseMscclXml', () => {
  it.each([
    ['bad_cnt.xml', 'line 11: <step s="0"> of GPU 1 threadblock 0: cnt must be 0..71, got 80'],
    ['bad_missing_attribute.xml', 'line 2: <algo> lacks the attribute "nchunksperloop"'],
    ['bad_unclosed_tb.xml', 'line 6: </gpu> does not close <tb> (opened on line 4); close <tb> first'],
  ])('fails on %s in one line', (name, message) => {
    const error = failure(() => parseMscclXml(fixture(name)));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(message);
  });

  it.each([
    // The document
    ['<?xml version="1.0"?>\n<!-- nothing else -->\n', 'the text holds no <algo> element: an MSCCL algorithm is one <algo> element'],
    ['<algos>\n</algos>\n', 'line 1: the first element must be <algo>, got <algos>'],
    [PAIR + '<algo/>\n', 'line 25: a second <algo>: a file holds one algorithm'],
    [PAIR.replace('</algo>\n', ''), 'line 1: <algo> is never closed (no </algo> follows)'],
    [PAIR + '</gpu>\n', 'line 25: </gpu> closes no open element'],
    [edit(3, '>', '>\n      hello'), 'line 4: unexpected text "hello": only elements and comments may stand between elements'],
    [edit(4, 'cnt="1"', 'cnt=1'), 'line 4: in <step>, the value of cnt must be quoted with " or \', got "1 depid=\\"-1\\""'],
    [edit(4, 'cnt="1"', 'cnt="1'), 'line 4: in <step>, the value of cnt is not closed: it runs into the next attribute, "1 depid="'],
    [PAIR + '<!-- open', 'line 25: a comment "<!--" is never closed by "-->"'],
    // <algo>
    [edit(1, 'proto="Simple"', 'proto="simple"'), 'line 1: <algo>: proto must be Simple, LL128 or LL, got "simple"'],
    [edit(1, 'ngpus="2"', 'ngpus="0"'), 'line 1: <algo>: ngpus must be 1..4096, got 0'],
    [
      edit(1, 'coll="allreduce"', 'coll="alltoall"'),
      'line 1: <algo>: gradsync does not model the collective alltoall; coll must be allreduce, allgather, reducescatter, broadcast or reduce',
    ],
    [edit(1, 'coll="allreduce"', 'coll="custom"'), 'line 1: <algo>: coll must be allreduce, allgather, reducescatter, broadcast or reduce, got "custom"'],
    [edit(1, 'nchannels="1"', 'nchannels="0"'), 'line 1: <algo>: nchannels must be 1..128, got 0'],
    [edit(1, 'nchunksperloop="2"', 'nchunksperloop="0"'), 'line 1: <algo>: nchunksperloop must be 1..1048576, got 0'],
    [
      edit(1, 'nchunksperloop="2" ngpus="2" coll="allreduce"', 'nchunksperloop="3" ngpus="2" coll="allgather"'),
      'line 1: <algo>: nchunksperloop must be a multiple of ngpus (2) for allgather, where each GPU owns as many chunks, got 3',
    ],
    [edit(1, 'ngpus="2"', 'ngpus="3"'), 'line 1: <algo>: there is no <gpu id="2">; ngpus="3" needs each of ids 0..2 once'],
    // <gpu>
    [edit(13, 'id="1"', 'id="0"'), 'line 13: <gpu id="0">: GPU 0 appears twice (first on line 2); each of ids 0..1 appears once'],
    [edit(13, 'id="1"', 'id="2"'), 'line 13: <gpu id="2">: id must be 0..1, got 2'],
    [edit(2, ' s_chunks="1"', ''), 'line 2: <gpu id="0"> lacks the attribute "s_chunks"'],
    [edit(2, 's_chunks="1"', 's_chunks="-1"'), 'line 2: <gpu id="0">: s_chunks must be 0..1048576, got -1'],
    // <tb>
    [edit(9, 'id="1"', 'id="2"'), 'line 2: <gpu id="0">: there is no <tb id="1">; threadblock ids must run 0, 1, 2, … without a gap (the highest is 2)'],
    [edit(9, 'id="1"', 'id="64"'), 'line 9: <tb id="64"> of GPU 0: id must be 0..63, got 64'],
    [edit(9, 'id="1"', 'id="0"'), 'line 9: <tb id="0"> of GPU 0: threadblock 0 appears twice in GPU 0 (first on line 3)'],
    [edit(3, 'send="1"', 'send="0"'), 'line 3: <tb id="0"> of GPU 0: send must be -1 or a GPU other than this one (1), got 0'],
    [edit(3, 'recv="1"', 'recv="2"'), 'line 3: <tb id="0"> of GPU 0: recv must be -1 or a GPU other than this one (1), got 2'],
    [edit(3, 'chan="0"', 'chan="129"'), 'line 3: <tb id="0"> of GPU 0: chan must be 0..128, got 129'],
    [edit(3, ' chan="0"', ''), 'line 3: <tb id="0"> of GPU 0 lacks the attribute "chan"'],
    [
      edit(9, 'send="-1" recv="-1"', 'send="1" recv="-1"').replace(
        'type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0"',
        'type="s" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0"',
      ),
      'line 9: <tb id="1"> of GPU 0: threadblock 0 also sends to GPU 1 on channel 0; a GPU may have one threadblock per peer, channel and direction',
    ],
    // <step>
    [edit(5, 's="1"', 's="2"'), 'line 5: <step s="2"> of GPU 0 threadblock 0: s must be 1: steps are numbered 0, 1, 2, … in the order they appear, got 2'],
    [edit(5, 'type="r"', 'type="recv"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: type must be s, r, rcs, rrs, rrc, rrcs, cpy, re or nop, got "recv"'],
    [edit(5, 'dstbuf="s"', 'dstbuf="x"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstbuf must be i, o or s (input, output, scratch), got "x"'],
    [edit(5, ' hasdep="1"', ''), 'line 5: <step s="1"> of GPU 0 threadblock 0 lacks the attribute "hasdep"'],
    [edit(5, 'cnt="1"', 'cnt="one"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be an integer, got "one"'],
    [edit(5, 'cnt="1"', 'cnt="72"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be 0..71, got 72'],
    [edit(5, 'hasdep="1"', 'hasdep="2"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: hasdep must be 0 or 1, got 2'],
    [edit(4, 'srcoff="1"', 'srcoff="2"'), 'line 4: <step s="0"> of GPU 0 threadblock 0: srcoff must be 0..1 in the input, of 2 chunks, got 2'],
    [edit(4, 'cnt="1"', 'cnt="2"'), 'line 4: <step s="0"> of GPU 0 threadblock 0: srcoff must be 0..0 for cnt 2 in the input, of 2 chunks, got 1'],
    [edit(5, 'dstoff="0"', 'dstoff="1"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstoff must be 0..0 in the scratch (s_chunks="1"), of 1 chunk, got 1'],
    [edit(5, 'cnt="1"', 'cnt="2"'), 'line 5: <step s="1"> of GPU 0 threadblock 0: dstbuf="s" names the scratch (s_chunks="1"), of 1 chunk: too few for cnt 2'],
    [edit(6, 'depid="1"', 'depid="5"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: depid must be -1 or another threadblock of GPU 0 (1), got 5'],
    [edit(6, 'depid="1"', 'depid="0"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: depid must be -1 or another threadblock of GPU 0 (1), got 0'],
    [edit(6, 'deps="0"', 'deps="3"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be a step of threadblock 1 (0..0), got 3'],
    [edit(6, 'depid="1"', 'depid="-1"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be -1 when depid is -1, got 0'],
    [edit(6, 'deps="0"', 'deps="-1"'), 'line 6: <step s="2"> of GPU 0 threadblock 0: deps must be a step of threadblock 1 when depid is 1, got -1'],
    [edit(10, 'type="re" srcbuf="s"', 'type="s" srcbuf="s"'), 'line 10: <step s="0"> of GPU 0 threadblock 1: type s sends, but the threadblock has send="-1"'],
    [
      edit(10, 'type="re" srcbuf="s"', 'type="rrc" srcbuf="s"'),
      'line 10: <step s="0"> of GPU 0 threadblock 1: type rrc receives, but the threadblock has recv="-1"',
    ],
  ])('fails in one line naming the line, element and attribute: %#', (text, message) => {
    const error = failure(() => parseMscclXml(text));
    expect(error.code).toBe('bad-input');
    expect(error.message).toBe(message);
    expect(error.message).not.toContain('\n');
  });

  it('names the line of an attribute on a line of its own', () => {
    const text = edit(5, ' cnt="1"', '\n        cnt="99"');
    expect(failure(() => parseMscclXml(text)).message).toBe('line 6: <step s="1"> of GPU 0 threadblock 0: cnt must be 0..71, got 99');
  });

  it('keeps RCCL’s rules for nops and fused re chains', () => {
    const nopBeforeFree = programXml({
      chunks: 2,
      gpus: [{ tbs: [{ steps: ['cpy i 0 i 1 1 -1 -1 1'] }, { steps: ['nop i -1 o -1 0 0 0', 're i 0 i 1 1'] }] }],
    });
    expect(failure(() => parseMscclXml(nopBeforeFree)).message).toBe(
      'line 8: <step s="1"> of GPU 0 threadblock 1: depid must be set: the nop steps before it wait for other threadblocks, and RCCL attaches their waits only to a step with a wait of its own, got -1',
    );
    const chain = programXml({ chunks: 4, gpus: [{ s_chunks: 4, tbs: [{ steps: ['re s 0 i 0 2', 're s 2 i 0 1'] }] }] });
    expect(failure(() => parseMscclXml(chain)).message).toBe(
      'line 5: <step s="1"> of GPU 0 threadblock 0: cnt must be 2 like step 0: RCCL fuses re steps with the same dstbuf, dstoff and srcbuf into one (steps 0..1) and gives all of them one cnt, got 1',
    );
  });
});
