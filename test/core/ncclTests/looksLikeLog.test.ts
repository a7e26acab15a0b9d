// Telling an nccl-tests log from a schedule by content: every log fixture (tagged, cut, garbled,
// pasted without its header) is a log; schedule JSON and MSCCL XML, and text that is neither, are not.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { looksLikeNcclTestsLog } from '../../../src/core/ncclTests/looksLikeLog';

const folder = new URL('../../fixtures/nccl-tests/', import.meta.url);
const logs = readdirSync(folder).filter((name) => name.endsWith('.txt'));

describe('telling an nccl-tests log from a schedule', () => {
  it.each(logs)('%s is a log', (name) => {
    expect(looksLikeNcclTestsLog(readFileSync(new URL(name, folder), 'utf8'))).toBe(true);
  });

  it('a log’s rows alone, pasted without header or footer, are a log', () => {
    const rows = [
      '     1048576        262144     float     sum      -1    412.6    2.54    3.81      0',
      '     2097152        524288     float     sum      -1    801.3    2.62    3.93      0',
    ];
    expect(looksLikeNcclTestsLog(rows.join('\n'))).toBe(true);
  });

  it.each([
    ['schedule JSON', JSON.stringify(buildSchedule({ algorithm: 'ring', devices: 4 }), null, 2)],
    ['schedule JSON naming a *_perf binary', '{ "algorithm": "all_reduce_perf", "devices": 2 }'],
    ['MSCCL XML', '<algo name="x" nchunksperloop="2" nchannels="1" proto="Simple" ngpus="2" coll="allreduce"></algo>'],
    ['prose', 'a few words\nand 2 numbers 3 here'],
    ['an empty text', ''],
  ])('%s is not', (_, text) => {
    expect(looksLikeNcclTestsLog(text)).toBe(false);
  });
});
