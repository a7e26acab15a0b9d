import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { GradsyncError } from '../../../src/core/errors';
import { askableTogether, predictStep, STEP_QUESTION_KINDS, type StepQuestion, type StepQuestionKind } from '../../../src/core/lessons/stepQuestion';
import { narrateStep } from '../../../src/core/narration';
import type { Schedule } from '../../../src/core/schedule';
import { sumText, termsAfter, termsOf } from './plainReplay';

/** Algorithms and sizes the lessons show, and a few beyond; every value stays within 8 terms. */
const CASES: { algorithm: string; devices: number; devicesPerNode?: number }[] = [
  { algorithm: 'naive', devices: 3 },
  { algorithm: 'naive', devices: 4 },
  { algorithm: 'master', devices: 4 },
  { algorithm: 'master', devices: 6 },
  { algorithm: 'ring', devices: 2 },
  { algorithm: 'ring', devices: 4 },
  { algorithm: 'ring', devices: 5 },
  { algorithm: 'ring', devices: 8 },
  { algorithm: 'tree', devices: 7 },
  { algorithm: 'double-tree', devices: 8 },
  { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4 },
  { algorithm: 'halving-doubling', devices: 6 },
  { algorithm: 'recursive-doubling', devices: 4 },
];

function questionOrNull(schedule: Schedule, applied: number, seed: number, kind: StepQuestionKind): StepQuestion | null {
  const result = predictStep({ schedule, applied, seed, kind });
  return result.ok ? result.question : null;
}

/** Every question each case asks, over its steps, three seeds and every kind. */
function* everyQuestion() {
  for (const { algorithm, devices, devicesPerNode } of CASES) {
    const schedule = buildSchedule({ algorithm, devices, devicesPerNode });
    for (let applied = 0; applied < schedule.steps.length; applied++) {
      for (const seed of [1, 2, 3]) {
        for (const kind of STEP_QUESTION_KINDS) {
          const question = questionOrNull(schedule, applied, seed, kind);
          if (question) yield { name: `${algorithm} on ${devices}, step ${applied + 1}, seed ${seed}`, schedule, applied, question };
        }
      }
    }
  }
}

describe('predicting the step', () => {
  it('asks every step of every case something', () => {
    for (const { algorithm, devices, devicesPerNode } of CASES) {
      const schedule = buildSchedule({ algorithm, devices, devicesPerNode });
      for (let applied = 0; applied < schedule.steps.length; applied++) {
        expect(predictStep({ schedule, applied, seed: 7 }).ok, `${algorithm} on ${devices}, step ${applied + 1}`).toBe(true);
      }
    }
  });

  it('answers with the schedule: the transfer is the step’s, and the right option is what the replay says', () => {
    let asked = 0;
    for (const { name, schedule, applied, question } of everyQuestion()) {
      asked++;
      const before = termsAfter(schedule, applied);
      const after = termsAfter(schedule, applied + 1);
      const step = schedule.steps[applied].transfers;
      for (const t of question.transfers) expect(step, name).toContainEqual({ src: t.src, dst: t.dst, chunk: t.chunk, op: t.op });
      const { src, dst, chunk } = question.transfers[0];
      const right = question.options[question.answer];
      expect(question.step, name).toBe(applied + 1);
      if (question.kind === 'chunk') {
        expect(
          step.filter((t) => t.src === src && t.dst === dst),
          name,
        ).toHaveLength(1);
        expect(question.prompt).toBe(`In step ${applied + 1}, GPU-${src} sends which chunk to GPU-${dst}?`);
        expect(right, name).toBe(sumText(before[src][chunk], chunk));
      } else if (question.kind === 'receiver') {
        expect(
          step.filter((t) => t.src === src && t.chunk === chunk),
          name,
        ).toHaveLength(1);
        expect(question.prompt).toBe(`In step ${applied + 1}, GPU-${src} sends ${sumText(before[src][chunk], chunk)} to which GPU?`);
        expect(right, name).toBe(`GPU-${dst}`);
      } else {
        const { device } = question.cell;
        expect(question.prompt).toBe(`After step ${applied + 1}, what will GPU-${device}'s chunk ${question.cell.chunk + 1} hold?`);
        expect(right, name).toBe(sumText(after[device][question.cell.chunk], question.cell.chunk));
        // Every write into the cell, and nothing else.
        expect(question.transfers.length, name).toBe(step.filter((t) => t.dst === device && t.chunk === question.cell.chunk).length);
      }
      // The reveal tells those transfers as the narration does.
      const sentences = narrateStep(schedule, applied).sentences;
      for (const sentence of question.sentences) expect(sentences, name).toContain(sentence);
    }
    expect(asked).toBeGreaterThan(500);
  });

  it('offers three or four distinct options, every wrong one really wrong', () => {
    for (const { name, schedule, applied, question } of everyQuestion()) {
      expect(question.options.length, name).toBeGreaterThanOrEqual(3);
      expect(question.options.length, name).toBeLessThanOrEqual(4);
      expect(new Set(question.options).size, name).toBe(question.options.length);
      const right = question.options[question.answer];
      const wrong = question.options.filter((_, i) => i !== question.answer);
      if (question.kind === 'receiver') {
        const { src, chunk } = question.transfers[0];
        const receivers = schedule.steps[applied].transfers.filter((t) => t.src === src && t.chunk === chunk).map((t) => `GPU-${t.dst}`);
        for (const option of wrong) expect(receivers, name).not.toContain(option);
      } else {
        // Not the answer in another order: (a₁+b₁) is never offered against (b₁+a₁).
        for (const option of wrong) expect(termsOf(option), `${name}: ${option} against ${right}`).not.toBe(termsOf(right));
      }
    }
  });

  it('asks the same question for the same seed, and different ones for others', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    expect(predictStep({ schedule, applied: 1, seed: 42 })).toEqual(predictStep({ schedule, applied: 1, seed: 42 }));
    const prompts = new Set<string>();
    const answers = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      const result = predictStep({ schedule, applied: 1, seed });
      if (result.ok) {
        prompts.add(result.question.prompt);
        answers.add(result.question.answer);
      }
    }
    expect(prompts.size).toBeGreaterThan(4);
    expect(answers.size).toBeGreaterThan(1);
  });

  it('asks the seeds’ own first step of ring on 4: GPU-0 sends a₁ to GPU-1', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const seeds = Array.from({ length: 40 }, (_, seed) => questionOrNull(schedule, 0, seed, 'chunk')).filter((q) => q?.transfers[0].src === 0);
    const question = seeds[0]!;
    expect(question.prompt).toBe('In step 1, GPU-0 sends which chunk to GPU-1?');
    expect(question.options[question.answer]).toBe('a₁');
    expect(question.sentences).toEqual(['GPU-0 sends a₁ to GPU-1, where it gets added to b₁.']);
    expect(question.cell).toEqual({ device: 1, chunk: 0 });
  });

  it('says why there is no question: the end, one GPU, or a step out of range', () => {
    const ring = buildSchedule({ algorithm: 'ring', devices: 4 });
    expect(predictStep({ schedule: ring, applied: 6, seed: 1 })).toEqual({ ok: false, reason: 'every step has played: the collective is done' });
    expect(predictStep({ schedule: buildSchedule({ algorithm: 'ring', devices: 1 }), applied: 0, seed: 1 })).toEqual({
      ok: false,
      reason: 'with one GPU there is no step to predict',
    });
    expect(() => predictStep({ schedule: ring, applied: 7, seed: 1 })).toThrow(GradsyncError);
    expect(() => predictStep({ schedule: ring, applied: 7, seed: 1 })).toThrow('the steps shown must be an integer from 0 to 6, got 7');
  });

  it('refuses a receiver question where too few other GPUs are left to choose from', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 2 });
    expect(predictStep({ schedule, applied: 0, seed: 1, kind: 'receiver' })).toEqual({
      ok: false,
      reason: 'no receiver question about step 1 has enough wrong answers to choose from',
    });
  });
});

/** The right option's text where it is a value (chunk and cell questions), else null (a GPU). */
const answerValue = (question: StepQuestion) => (question.kind === 'receiver' ? null : question.options[question.answer]);

/**
 * What `by` gives away of `of`, read off their words and transfers apart from the core's rule: a
 * transfer or a cell they share, the value `of` asks for written in `by`'s prompt, or offered among
 * `by`'s options in any order of its terms.
 */
function givenAway(by: StepQuestion, of: StepQuestion): string | null {
  const shared = by.transfers.find((t) => of.transfers.some((u) => t.src === u.src && t.dst === u.dst && t.chunk === u.chunk));
  if (shared) return `both ask about GPU-${shared.src} → GPU-${shared.dst}, chunk ${shared.chunk + 1}`;
  if (by.cell.device === of.cell.device && by.cell.chunk === of.cell.chunk) return 'both ask about one cell';
  const value = answerValue(of);
  if (value === null) return null;
  if (by.prompt.includes(value)) return `the prompt writes ${value}`;
  const offered = by.options.find((option) => termsOf(option) === termsOf(value));
  return offered ? `an option offers ${offered}` : null;
}

describe('questions on one sheet', () => {
  it('would give the first question’s answer away unasked: ring on 4, step 3, who sends what and to whom', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 4 });
    const pairs = Array.from({ length: 40 }, (_, seed) => [questionOrNull(schedule, 2, seed, 'chunk'), questionOrNull(schedule, 2, seed, 'receiver')] as const);
    const telling = pairs.find(([chunk, receiver]) => chunk && receiver && receiver.prompt.includes(chunk.options[chunk.answer]));
    expect(telling).toBeDefined();
    const [chunk, receiver] = telling!;
    expect(givenAway(receiver!, chunk!)).not.toBeNull();
    expect(askableTogether(chunk!, receiver!)).toBe(false);
  });

  it('asks beside a question only what shows none of its answer, nor has its own shown, over every case, step and seed', () => {
    let asked = 0;
    for (const { algorithm, devices, devicesPerNode } of CASES) {
      const schedule = buildSchedule({ algorithm, devices, devicesPerNode });
      for (let applied = 0; applied < schedule.steps.length; applied++) {
        for (const seed of [1, 2, 3]) {
          const first = predictStep({ schedule, applied, seed });
          if (!first.ok) continue;
          for (const kind of STEP_QUESTION_KINDS) {
            const second = predictStep({ schedule, applied, seed, kind, besides: [first.question] });
            const name = `${algorithm} on ${devices}, step ${applied + 1}, seed ${seed}, ${first.question.kind} then ${kind}`;
            if (!second.ok) {
              expect(second.reason, name).toMatch(/would give away the answer of another question on the sheet|has enough wrong answers/);
              continue;
            }
            asked++;
            expect([name, givenAway(second.question, first.question), givenAway(first.question, second.question)]).toEqual([name, null, null]);
            expect(askableTogether(first.question, second.question), name).toBe(true);
          }
        }
      }
    }
    expect(asked).toBeGreaterThan(300);
  });

  it('says why where every question of the step would give the first away: master on 4 sends everything to GPU-0', () => {
    const schedule = buildSchedule({ algorithm: 'master', devices: 4 });
    const first = questionOrNull(schedule, 0, 1, 'receiver')!;
    expect(first.options[first.answer]).toBe('GPU-0');
    expect(predictStep({ schedule, applied: 0, seed: 1, kind: 'chunk', besides: [first] })).toEqual({
      ok: false,
      reason: 'every chunk question about step 1 would give away the answer of another question on the sheet',
    });
  });
});
