// The cause of a broken MSCCL program, named where the XML writes it. Mutants of every fixture
// program: a receive that stores into the wrong chunk (dstoff), a receive that reduces where it
// should copy or copies where it should reduce (rrc ↔ r), and an rrc that adds the wrong chunk of its
// own (srcoff). Against the program as written, the diagnosis names the mutated <step>'s gpu, tb and
// s every time, and from the contributions alone it does too.

import { describe, expect, it } from 'vitest';
import { diagnoseCause } from '../../../src/core/diagnosis/cause';
import { GradsyncError } from '../../../src/core/errors';
import { readScheduleWithSources, writtenAt } from '../../../src/core/formats/transferSources';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { fixture as readMscclFixture, VALID_FIXTURES } from '../formats/msccl/mscclFixtures';

const CLASSES = ['dstoff', 'swap', 'srcoff'] as const;

interface Mutant {
  kind: (typeof CLASSES)[number];
  fixture: string;
  /** Where the mutated <step> is: "gpu 2, tb 0, step s=5". */
  at: string;
  line: number;
  schedule: Schedule;
  sources: ReturnType<typeof readScheduleWithSources>['sources'];
}

/** Every <step> line of the program with its gpu and tb. */
function stepLines(text: string): { line: number; gpu: number; tb: number; attrs: Record<string, string> }[] {
  let gpu = -1;
  let tb = -1;
  const out: { line: number; gpu: number; tb: number; attrs: Record<string, string> }[] = [];
  text.split('\n').forEach((line, i) => {
    const id = () => Number(/ id="(\d+)"/.exec(line)![1]);
    if (line.includes('<gpu ')) gpu = id();
    if (line.includes('<tb ')) tb = id();
    if (!line.includes('<step ')) return;
    const attrs = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    out.push({ line: i + 1, gpu, tb, attrs });
  });
  return out;
}

function breaks(text: string): { schedule: Schedule; sources: Mutant['sources'] } | null {
  try {
    const read = readScheduleWithSources(text);
    return verifySchedule(read.schedule).ok ? null : read;
  } catch (error) {
    // A program the reader refuses (a race, an unmatched send) is not diagnosed but said at once.
    if (error instanceof GradsyncError) return null;
    throw error;
  }
}

function mutantsOf(fixture: string, text: string): Mutant[] {
  const lines = text.split('\n');
  const out: Mutant[] = [];
  for (const { line, gpu, tb, attrs } of stepLines(text)) {
    const edits: [Mutant['kind'], string][] = [];
    const original = lines[line - 1];
    const receives = ['r', 'rrc', 'rcs', 'rrcs'].includes(attrs.type);
    if (receives) for (const off of ['0', '1', '2', '3']) if (off !== attrs.dstoff) edits.push(['dstoff', original.replace(/dstoff="\d+"/, `dstoff="${off}"`)]);
    if (attrs.type === 'rrc') edits.push(['swap', original.replace('type="rrc"', 'type="r"')]);
    if (attrs.type === 'r')
      edits.push(['swap', original.replace('type="r"', 'type="rrc"').replace(/srcbuf="\w" srcoff="\d+"/, `srcbuf="${attrs.dstbuf}" srcoff="${attrs.dstoff}"`)]);
    if (attrs.type === 'rrc')
      for (const off of ['0', '1', '2', '3']) if (off !== attrs.srcoff) edits.push(['srcoff', original.replace(/srcoff="\d+"/, `srcoff="${off}"`)]);
    for (const [kind, edited] of edits) {
      const read = breaks([...lines.slice(0, line - 1), edited, ...lines.slice(line)].join('\n'));
      if (read) out.push({ kind, fixture, at: `gpu ${gpu}, tb ${tb}, step s=${attrs.s}`, line, ...read });
    }
  }
  return out;
}

const PROGRAMS = VALID_FIXTURES.map((fixture) => {
  const text = readMscclFixture(fixture);
  return { fixture, reference: readScheduleWithSources(text).schedule, mutants: mutantsOf(fixture, text) };
});

/** Whether the likely cause is written at the mutated step. */
function namesStep(mutant: Mutant, reference: Schedule | null): boolean {
  const { likely } = diagnoseCause(mutant.schedule, reference);
  const source = likely && writtenAt(mutant.sources, likely);
  return source !== null && source.line === mutant.line && source.where.startsWith(mutant.at);
}

describe('the cause of a broken MSCCL program, where the XML writes it', () => {
  const all = PROGRAMS.flatMap(({ reference, mutants }) => mutants.map((mutant) => ({ reference, mutant })));

  it('is tried on every class of mutant', () => {
    for (const kind of CLASSES) expect(all.filter(({ mutant }) => mutant.kind === kind).length, kind).toBeGreaterThan(10);
  });

  it('names the mutated step, its gpu, tb, s and line, against the program as written', () => {
    const missed = all.filter(({ reference, mutant }) => !namesStep(mutant, reference));
    expect(missed.map(({ mutant }) => `${mutant.fixture} ${mutant.kind} at ${mutant.at}`)).toEqual([]);
  });

  it('names it from the contributions alone too: each of these mutants mixes chunks, swaps an op or is one change from right', () => {
    const missed = all.filter(({ mutant }) => !namesStep(mutant, null));
    expect(missed.map(({ mutant }) => `${mutant.fixture} ${mutant.kind} at ${mutant.at}`)).toEqual([]);
  });
});
