import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { parseSchedule } from '../../../src/core/schedule/compile';
import { SCHEDULE_FORMAT, type Schedule } from '../../../src/core/schedule/ir';
import { scheduleJson, scheduleJsonPieces } from '../../../src/core/formats/scheduleJson';

const ring3 = buildSchedule({ algorithm: 'ring', devices: 3 });

describe('scheduleJson', () => {
  it('writes the header one field per line and one transfer per line', () => {
    const two: Schedule = {
      format: SCHEDULE_FORMAT,
      collective: 'allreduce',
      algorithm: 'hand-made',
      devices: 2,
      chunks: 1,
      steps: [
        { phase: 'reduce', transfers: [{ src: 0, dst: 1, chunk: 0, op: 'reduce' }] },
        { phase: 'broadcast', transfers: [{ src: 1, dst: 0, chunk: 0, op: 'copy' }] },
      ],
    };
    expect(scheduleJson(two)).toBe(
      [
        '{',
        '  "format": "gradsync-schedule/1",',
        '  "collective": "allreduce",',
        '  "algorithm": "hand-made",',
        '  "devices": 2,',
        '  "chunks": 1,',
        '  "steps": [',
        '    { "phase": "reduce", "transfers": [',
        '      { "src": 0, "dst": 1, "chunk": 0, "op": "reduce" }',
        '    ] },',
        '    { "phase": "broadcast", "transfers": [',
        '      { "src": 1, "dst": 0, "chunk": 0, "op": "copy" }',
        '    ] }',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('parses back to the schedule for every shape of header and step', () => {
    const cases: Schedule[] = [
      ring3,
      buildSchedule({ algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 }),
      buildSchedule({ collective: 'broadcast', algorithm: 'ring', devices: 4, root: 2 }),
      buildSchedule({ algorithm: 'ring', devices: 1 }),
      { ...ring3, algorithm: 'quote " and \\ backslash', steps: [{ phase: 'idle', transfers: [] }, ...ring3.steps] },
    ];
    for (const schedule of cases) expect(parseSchedule(scheduleJson(schedule))).toEqual(schedule);
  });

  it('writes only the IR: no fields left undefined, no keys a loaded file carried besides', () => {
    const loaded = { ...ring3, root: undefined, note: 'mine', steps: [{ transfers: [{ src: 0, dst: 1, chunk: 0, op: 'reduce', why: 'x' }] }] };
    const text = scheduleJson(loaded as unknown as Schedule);
    expect(text).not.toMatch(/undefined|note|why|"root"/);
    expect(text).toContain('    { "transfers": [\n');
    expect(JSON.parse(text).steps).toEqual([{ transfers: [{ src: 0, dst: 1, chunk: 0, op: 'reduce' }] }]);
  });

  it('writes an empty step list and an empty step compactly', () => {
    expect(scheduleJson({ ...ring3, steps: [] })).toMatch(/ {2}"steps": \[\]\n\}\n$/);
    expect(scheduleJson({ ...ring3, steps: [{ phase: 'p', transfers: [] }] })).toContain('    { "phase": "p", "transfers": [] }\n  ]\n}\n');
  });
});

describe('scheduleJsonPieces', () => {
  it('splits the same text into pieces of a bounded number of transfers', () => {
    const ring8 = buildSchedule({ algorithm: 'ring', devices: 8 });
    const pieces = [...scheduleJsonPieces(ring8, 5)];
    expect(pieces.join('')).toBe(scheduleJson(ring8));
    // 14 steps × 8 transfers = 112 transfers, 5 per piece, and the tail.
    expect(pieces).toHaveLength(Math.ceil(112 / 5));
    for (const piece of pieces) expect(piece.match(/"src"/g)?.length ?? 0).toBeLessThanOrEqual(5);
  });
});
