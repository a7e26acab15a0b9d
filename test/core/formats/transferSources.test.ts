// Where each transfer of a schedule read from text is written: JSON paths and lines however the JSON
// is laid out, and for MSCCL XML the step every transfer was made from, on its own line.

import { describe, expect, it } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { scheduleJson } from '../../../src/core/formats/scheduleJson';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { fixture, VALID_FIXTURES } from './msccl/mscclFixtures';
import { problemLine, readScheduleWithSources, sourceWords, writtenAt } from '../../../src/core/formats/transferSources';

describe('where a JSON schedule writes each transfer', () => {
  it('as gradsync writes it: one transfer a line', () => {
    const text = scheduleJson(ring.build({ devices: 4 }));
    const { schedule, sources } = readScheduleWithSources(text);
    const lines = text.split('\n');
    schedule.steps.forEach((step, i) =>
      step.transfers.forEach((transfer, j) => {
        const source = sources[i][j]!;
        expect(source.where).toBe(`steps[${i}].transfers[${j}]`);
        expect(JSON.parse(lines[source.line - 1].trim().replace(/,$/, ''))).toEqual(transfer);
      }),
    );
  });

  it('laid out any way: keys in any order, strings holding brackets, commas and quotes', () => {
    const text = [
      '{"steps": [',
      '  {"note": "a [tricky], {one} \\" here", "transfers": [{"src": 0, "dst": 1, "chunk": 0, "op": "reduce"},',
      '    {"src": 1, "dst": 0, "chunk": 1, "op": "reduce"}]},',
      '  {"transfers": [',
      '',
      '    {"src": 1, "dst": 0, "chunk": 0, "op": "copy"}, {"src": 0, "dst": 1, "chunk": 1, "op": "copy"}',
      ']}],',
      ' "format": "gradsync-schedule/1", "collective": "allreduce", "algorithm": "pair", "devices": 2, "chunks": 2}',
    ].join('\n');
    const { sources } = readScheduleWithSources(text);
    expect(sources.map((step) => step.map((source) => source!.line))).toEqual([
      [2, 3],
      [6, 6],
    ]);
    expect(sourceWords(sources[1][1]!)).toBe('steps[1].transfers[1], line 6');
  });

  it('names no place for a transfer the schedule lacks', () => {
    const { sources } = readScheduleWithSources(scheduleJson(ring.build({ devices: 4 })));
    expect(writtenAt(sources, { kind: 'missing', step: 1, index: 0 })).toBeNull();
    expect(writtenAt(sources, { kind: 'added', step: 1, index: 0 })?.where).toBe('steps[0].transfers[0]');
    expect(writtenAt(null, { kind: 'added', step: 1, index: 0 })).toBeNull();
    // A transfer that should differ in one field: that field, and what it should become.
    const transfer = ring.build({ devices: 4 }).steps[0].transfers[0];
    expect(writtenAt(sources, { kind: 'changed', step: 1, index: 0, transfer, instead: { ...transfer, dst: 3 } })).toMatchObject({
      where: 'steps[0].transfers[0].dst',
      change: '1 → 3',
    });
    expect(sourceWords(writtenAt(sources, { kind: 'changed', step: 1, index: 0, transfer, instead: { ...transfer, op: 'copy' } })!)).toMatch(
      /^steps\[0\]\.transfers\[0\]\.op, line \d+ \("reduce" → "copy"\)$/,
    );
  });
});

describe('where an MSCCL program writes each transfer', () => {
  for (const name of VALID_FIXTURES) {
    it(`${name}: every transfer comes from a step of its GPU's threadblock, on the line named`, () => {
      const text = fixture(name);
      const { schedule, sources } = readScheduleWithSources(text);
      expect(schedule).toEqual(parseScheduleText(text));
      const lines = text.split('\n');
      schedule.steps.forEach((step, i) =>
        step.transfers.forEach((transfer, j) => {
          const source = sources[i][j]!;
          const [, gpu, tb, s, type] = /^gpu (\d+), tb (\d+), step s=(\d+) \((\w+)\)$/.exec(source.where)!.map(String);
          expect(lines[source.line - 1]).toContain(`<step s="${s}" type="${type}"`);
          // The step's threadblock and GPU are the elements that enclose its line.
          const before = lines.slice(0, source.line).reverse();
          expect(before.find((line) => line.includes('<tb '))).toContain(`id="${tb}"`);
          expect(before.find((line) => line.includes('<gpu '))).toContain(`id="${gpu}"`);
          // The receiving GPU's step makes the transfer (a local one, its own).
          expect(Number(gpu)).toBe(transfer.dst);
        }),
      );
    });
  }
});

describe('the line a problem reading a schedule names', () => {
  const json = scheduleJson(ring.build({ devices: 4 }));

  it('from the message: an XML line, a JSON transfer, a JSON parse position', () => {
    expect(problemLine('<algo>', 'Line 2: no such element')).toBe(2);
    expect(problemLine('<algo>', 'mine.xml: line 6: <step s="1"> of GPU 0 threadblock 0: cnt must be 0..71, got 99')).toBe(6);
    const second = readScheduleWithSources(json).sources[2][1]!.line;
    expect(problemLine(json, 'step 3, transfer 2: src and dst are both GPU-1; a device cannot send to itself')).toBe(second);
    const broken = `${json.slice(0, json.indexOf('"chunks"'))}}}`;
    let message = '';
    try {
      JSON.parse(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(problemLine(broken, message)).toBe(broken.split('\n').length);
    expect(problemLine(json, '"algorithm" must be a string, got 3')).toBeNull();
  });
});
