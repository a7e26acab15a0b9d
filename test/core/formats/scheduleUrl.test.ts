import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { fromBase64url, toBase64url } from '../../../src/core/formats/base64url';
import { GradsyncError } from '../../../src/core/errors';
import { SCHEDULE_FORMAT, type Schedule } from '../../../src/core/schedule/ir';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { compactScheduleJson, compressedBytesOf, decodeScheduleParam, encodeScheduleParam, MAX_LINKED_TRANSFERS } from '../../../src/core/formats/scheduleUrl';
import { everyAlgorithm } from '../../fixtures/scenarios';

/** What decoding `value` throws, as [code, message]. */
function failure(value: string): [string, string] {
  try {
    decodeScheduleParam(value);
  } catch (error) {
    if (error instanceof GradsyncError) return [error.code, error.message];
    throw error;
  }
  throw new Error(`"${value.slice(0, 20)}…" decoded without an error`);
}

const deflated = (text: string) => Buffer.from(deflateRawSync(Buffer.from(text, 'utf8'))).toString('base64url');

describe('a schedule in a link', () => {
  for (const devices of [1, 2, 3, 4, 5, 8, 12]) {
    it(`carries every algorithm on ${devices} devices and reads back the same schedule`, () => {
      for (const request of everyAlgorithm(devices)) {
        let schedule: Schedule;
        try {
          schedule = buildSchedule(request);
        } catch {
          continue; // a combination the algorithm refuses (e.g. too few devices)
        }
        const value = encodeScheduleParam(schedule)!;
        expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeScheduleParam(value)).toEqual(schedule);
      }
    });
  }

  it('carries an imported MSCCL algorithm with its buffers, counts, channels and threadblocks', () => {
    for (const name of ['allreduce_allpairs.xml', 'allreduce_ring_oop.xml', 'allreduce_ring_fused.xml']) {
      const schedule = parseScheduleText(readFileSync(new URL(`../../fixtures/msccl/${name}`, import.meta.url), 'utf8'));
      expect(decodeScheduleParam(encodeScheduleParam(schedule)!), name).toEqual(schedule);
    }
  });

  it('also takes a schedule written out: its JSON, or an MSCCL XML algorithm, told apart by content', () => {
    const xml = readFileSync(new URL('../../fixtures/msccl/allreduce_allpairs.xml', import.meta.url), 'utf8');
    expect(decodeScheduleParam(`\n  ${xml}`)).toEqual(parseScheduleText(xml));
    const ring = buildSchedule({ algorithm: 'ring', devices: 4 });
    expect(decodeScheduleParam(JSON.stringify(ring))).toEqual(ring);
    expect(failure('<algo name="x" nchunksperloop="2">')[1]).toMatch(/^it holds a schedule that is not valid: /);
  });

  it('is raw DEFLATE of the compact JSON, in base64url: any zlib reads it, and it reads any zlib', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const value = encodeScheduleParam(schedule)!;
    expect(inflateRawSync(Buffer.from(value, 'base64url')).toString('utf8')).toBe(compactScheduleJson(schedule));
    expect(decodeScheduleParam(deflated(JSON.stringify(schedule)))).toEqual(schedule);
  });

  it('stands in a query string unescaped', () => {
    const value = encodeScheduleParam(buildSchedule({ algorithm: 'double-tree', devices: 8 }))!;
    expect(encodeURIComponent(value)).toBe(value);
    expect(new URLSearchParams(`schedule=${value}`).get('schedule')).toBe(value);
  });

  it('keeps only the fields of the schedule format, in its order', () => {
    const loaded = {
      comment: 'mine',
      format: SCHEDULE_FORMAT,
      collective: 'broadcast',
      algorithm: 'x',
      devices: 2,
      chunks: 1,
      root: 1,
      steps: [{ transfers: [{ op: 'copy', chunk: 0, dst: 0, src: 1, note: 1 }] }],
    };
    expect(compactScheduleJson(loaded as unknown as Schedule)).toBe(
      '{"format":"gradsync-schedule/1","collective":"broadcast","algorithm":"x","devices":2,"chunks":1,"root":1,"steps":[{"transfers":[{"src":1,"dst":0,"chunk":0,"op":"copy"}]}]}',
    );
  });

  it('gives back the value it was read from, so a link shared again is the same link', () => {
    const value = deflated(JSON.stringify(buildSchedule({ algorithm: 'tree', devices: 6 })));
    expect(encodeScheduleParam(decodeScheduleParam(value))).toBe(value);
  });

  it('says a value cut short is cut short or damaged, at every length', () => {
    const value = encodeScheduleParam(buildSchedule({ algorithm: 'ring', devices: 4 }))!;
    for (let length = 1; length < value.length; length++) {
      expect(failure(value.slice(0, length))).toEqual(['invalid-schedule', 'it is cut short or damaged']);
    }
  });

  it('names a character no value contains, and an empty value', () => {
    expect(failure('abc$def')).toEqual(['invalid-schedule', 'it contains “$”, which no schedule value does']);
    expect(failure('q+w/')).toEqual(['invalid-schedule', 'it contains “+”, which no schedule value does']);
    expect(failure('  ')).toEqual(['invalid-schedule', 'it is empty']);
  });

  it('says what is wrong with a schedule that decompresses but is not valid', () => {
    expect(failure(deflated('{"format":"nope"}'))).toEqual([
      'invalid-schedule',
      'it holds a schedule that is not valid: "format" must be "gradsync-schedule/1" or "gradsync-schedule/2", got "nope"',
    ]);
    const selfSend = { ...buildSchedule({ algorithm: 'ring', devices: 2 }) };
    selfSend.steps = [{ phase: 'x', transfers: [{ src: 1, dst: 1, chunk: 0, op: 'reduce' }] }];
    expect(failure(deflated(JSON.stringify(selfSend)))).toEqual([
      'invalid-schedule',
      'it holds a schedule that is not valid: step 1, transfer 1: src and dst are both GPU-1; a device cannot send to itself',
    ]);
  });

  it('refuses a small value that would expand past 32 MiB', () => {
    const bomb = Buffer.from(deflateRawSync(Buffer.alloc(33 << 20, 0x20), { level: 9 })).toString('base64url');
    expect(bomb.length).toBeLessThan(50_000);
    expect(failure(bomb)).toEqual(['too-large', 'it expands to more than 32 MiB']);
  });

  it(`does not compress a schedule of more than ${MAX_LINKED_TRANSFERS.toLocaleString('en-US')} transfers`, () => {
    const transfers = (n: number) => Array.from({ length: n }, () => ({ src: 0, dst: 1, chunk: 0, op: 'reduce' as const }));
    const schedule = (n: number): Schedule => ({
      format: SCHEDULE_FORMAT,
      collective: 'allreduce',
      algorithm: 'x',
      devices: 2,
      chunks: 1,
      steps: transfers(n).map((t) => ({ phase: 'p', transfers: [t] })),
    });
    expect(encodeScheduleParam(schedule(MAX_LINKED_TRANSFERS + 1))).toBeNull();
    expect(encodeScheduleParam(schedule(MAX_LINKED_TRANSFERS))).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('reports the compressed size of a value in bytes', () => {
    for (const bytes of [0, 1, 2, 3, 4, 100, 1001]) {
      const value = toBase64url(new Uint8Array(bytes).map((_, i) => (i * 37) % 256));
      expect(compressedBytesOf(value)).toBe(bytes);
    }
  });
});

describe('base64url', () => {
  it('agrees with Node for every length and byte', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 97 + length * 13) % 256);
      const text = toBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64url(text)).toEqual({ ok: true, bytes });
    }
  });

  it('refuses a length no encoding has, and names a foreign character', () => {
    expect(fromBase64url('abcde')).toEqual({ ok: false, reason: 'it is cut short or damaged' });
    expect(fromBase64url('ab=c')).toEqual({ ok: false, reason: 'it contains “=”, which no schedule value does' });
  });
});
