import { describe, expect, it } from 'vitest';
import { master } from '../../../src/core/algorithms/master';
import { naive } from '../../../src/core/algorithms/naive';
import { ring } from '../../../src/core/algorithms/ring';
import { narrateAll, narrateStep, Narrator, opPreface, phaseLabel, planSentence, valueExpression } from '../../../src/core/narration/narration';
import { buildSchedule } from '../../../src/core/algorithms';
import type { Schedule } from '../../../src/core/schedule/ir';
import { allTerms, concatTerms, headTerms, tailTerms, termCount, TermReplay } from '../../../src/core/symbolic/terms';

const ring4 = ring.build({ devices: 4 });

describe('ring narration on 4 devices, as in the seed', () => {
  const steps = narrateAll(ring4);

  it('tells share-reduce step 1 in the seed’s exact words', () => {
    expect(steps[0]).toEqual({
      step: 1,
      phase: 'reduce-scatter',
      phaseLabel: 'share-reduce',
      sentences: [
        'GPU-0 sends a₁ to GPU-1, where it gets added to b₁.',
        'GPU-1 sends b₂ to GPU-2, where it gets added to c₂.',
        'GPU-2 sends c₃ to GPU-3, where it gets added to d₃.',
        'GPU-3 sends d₄ to GPU-0, where it gets added to a₄.',
      ],
    });
  });

  it('tells share-reduce step 2 in the seed’s exact words', () => {
    expect(steps[1].sentences).toEqual([
      'GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.',
      'GPU-1 sends (a₁+b₁) to GPU-2, where it gets added to c₁.',
      'GPU-2 sends (b₂+c₂) to GPU-3, where it gets added to d₂.',
      'GPU-3 sends (c₃+d₃) to GPU-0, where it gets added to a₃.',
    ]);
  });

  it('finishes share-reduce with each device adding the last term of one chunk', () => {
    expect(steps[2].sentences).toEqual([
      'GPU-0 sends (c₃+d₃+a₃) to GPU-1, where it gets added to b₃.',
      'GPU-1 sends (d₄+a₄+b₄) to GPU-2, where it gets added to c₄.',
      'GPU-2 sends (a₁+b₁+c₁) to GPU-3, where it gets added to d₁.',
      'GPU-3 sends (b₂+c₂+d₂) to GPU-0, where it gets added to a₂.',
    ]);
  });

  it('passes the finished chunks on in share-only, each receiver storing them', () => {
    expect(steps.slice(3).map((s) => [s.step, s.phaseLabel])).toEqual([
      [4, 'share-only'],
      [5, 'share-only'],
      [6, 'share-only'],
    ]);
    expect(steps[3].sentences).toEqual([
      'GPU-0 sends (b₂+c₂+d₂+a₂) to GPU-1, which stores it.',
      'GPU-1 sends (c₃+d₃+a₃+b₃) to GPU-2, which stores it.',
      'GPU-2 sends (d₄+a₄+b₄+c₄) to GPU-3, which stores it.',
      'GPU-3 sends (a₁+b₁+c₁+d₁) to GPU-0, which stores it.',
    ]);
    expect(steps[4].sentences).toEqual([
      'GPU-0 sends (a₁+b₁+c₁+d₁) to GPU-1, which stores it.',
      'GPU-1 sends (b₂+c₂+d₂+a₂) to GPU-2, which stores it.',
      'GPU-2 sends (c₃+d₃+a₃+b₃) to GPU-3, which stores it.',
      'GPU-3 sends (d₄+a₄+b₄+c₄) to GPU-0, which stores it.',
    ]);
    expect(steps[5].sentences).toEqual([
      'GPU-0 sends (d₄+a₄+b₄+c₄) to GPU-1, which stores it.',
      'GPU-1 sends (a₁+b₁+c₁+d₁) to GPU-2, which stores it.',
      'GPU-2 sends (b₂+c₂+d₂+a₂) to GPU-3, which stores it.',
      'GPU-3 sends (c₃+d₃+a₃+b₃) to GPU-0, which stores it.',
    ]);
  });

  it('narrates a single step the same way as narrating all of them', () => {
    for (let s = 0; s < ring4.steps.length; s++) expect(narrateStep(ring4, s)).toEqual(steps[s]);
  });

  it('leaves every device holding every chunk’s full sum', () => {
    const narrator = new Narrator(ring4);
    while (!narrator.done) narrator.narrateNext();
    const finished = ['(a₁+b₁+c₁+d₁)', '(b₂+c₂+d₂+a₂)', '(c₃+d₃+a₃+b₃)', '(d₄+a₄+b₄+c₄)'];
    for (let d = 0; d < 4; d++) {
      expect([0, 1, 2, 3].map((c) => narrator.valueExpression(d, c))).toEqual(finished);
    }
  });
});

describe('master and naive narration on 3 devices', () => {
  it('master gathers into GPU-0, which then sends the sum back', () => {
    expect(narrateAll(master.build({ devices: 3 }))).toEqual([
      {
        step: 1,
        phase: 'reduce',
        phaseLabel: 'reduce',
        sentences: ['GPU-1 sends b₁ to GPU-0, where it gets added to a₁.', 'GPU-2 sends c₁ to GPU-0, where it gets added to (b₁+a₁).'],
      },
      {
        step: 2,
        phase: 'broadcast',
        phaseLabel: 'broadcast',
        sentences: ['GPU-0 sends (c₁+b₁+a₁) to GPU-1, which stores it.', 'GPU-0 sends (c₁+b₁+a₁) to GPU-2, which stores it.'],
      },
    ]);
  });

  it('naive sends every buffer as it stood at the start of the step', () => {
    const schedule = naive.build({ devices: 3 });
    const narrator = new Narrator(schedule);
    expect(narrator.narrateNext()).toEqual({
      step: 1,
      phase: 'exchange',
      phaseLabel: 'exchange',
      sentences: [
        'GPU-0 sends a₁ to GPU-1, where it gets added to b₁.',
        'GPU-0 sends a₁ to GPU-2, where it gets added to c₁.',
        'GPU-1 sends b₁ to GPU-0, where it gets added to a₁.',
        'GPU-1 sends b₁ to GPU-2, where it gets added to (a₁+c₁).',
        'GPU-2 sends c₁ to GPU-0, where it gets added to (b₁+a₁).',
        'GPU-2 sends c₁ to GPU-1, where it gets added to (a₁+b₁).',
      ],
    });
    expect([0, 1, 2].map((d) => narrator.valueExpression(d, 0))).toEqual(['(c₁+b₁+a₁)', '(c₁+a₁+b₁)', '(b₁+a₁+c₁)']);
    expect(narrator.done).toBe(true);
  });
});

describe('writes within one step', () => {
  const schedule: Schedule = {
    format: 'gradsync-schedule/1',
    collective: 'allreduce',
    algorithm: 'custom',
    devices: 3,
    chunks: 1,
    steps: [
      {
        phase: 'gather',
        transfers: [
          { src: 1, dst: 0, chunk: 0, op: 'reduce' },
          { src: 2, dst: 0, chunk: 0, op: 'reduce' },
          { src: 0, dst: 1, chunk: 0, op: 'reduce' },
        ],
      },
      { phase: 'spread', transfers: [{ src: 0, dst: 2, chunk: 0, op: 'copy' }] },
    ],
  };

  it('lets a second reduce into one chunk see the first one’s result, while senders stay snapshots', () => {
    expect(narrateAll(schedule).map((s) => s.sentences)).toEqual([
      [
        'GPU-1 sends b₁ to GPU-0, where it gets added to a₁.',
        'GPU-2 sends c₁ to GPU-0, where it gets added to (b₁+a₁).',
        'GPU-0 sends a₁ to GPU-1, where it gets added to b₁.',
      ],
      ['GPU-0 sends (c₁+b₁+a₁) to GPU-2, which stores it.'],
    ]);
  });
});

describe('reduction ops', () => {
  it('writes max and min as flattened function calls', () => {
    for (const op of ['max', 'min'] as const) {
      const narrator = new Narrator(ring4, op);
      expect(narrator.narrateNext().sentences[0]).toBe(`GPU-0 sends a₁ to GPU-1, where it is combined with b₁ by elementwise ${op}.`);
      expect(narrator.narrateNext().sentences[0]).toBe(`GPU-0 sends ${op}(d₄, a₄) to GPU-1, where it is combined with b₄ by elementwise ${op}.`);
      expect(narrator.valueExpression(1, 3)).toBe(`${op}(d₄, a₄, b₄)`);
      expect(narrator.narrateNext().sentences[1]).toBe(`GPU-1 sends ${op}(d₄, a₄, b₄) to GPU-2, where it is combined with c₄ by elementwise ${op}.`);
      expect(narrator.narrateNext().sentences[0]).toBe(`GPU-0 sends ${op}(b₂, c₂, d₂, a₂) to GPU-1, which stores it.`);
      expect(narrator.preface).toBeNull();
    }
  });

  it('writes prod with × and multiplies into the receiver', () => {
    expect(narrateStep(ring4, 1, 'prod').sentences).toEqual([
      'GPU-0 sends (d₄×a₄) to GPU-1, where it gets multiplied into b₄.',
      'GPU-1 sends (a₁×b₁) to GPU-2, where it gets multiplied into c₁.',
      'GPU-2 sends (b₂×c₂) to GPU-3, where it gets multiplied into d₂.',
      'GPU-3 sends (c₃×d₃) to GPU-0, where it gets multiplied into a₃.',
    ]);
  });

  it('words avg like sum, after a preface about the 1/N premultiply', () => {
    for (const devices of [2, 4, 7]) {
      const schedule = ring.build({ devices });
      expect(narrateAll(schedule, 'avg')).toEqual(narrateAll(schedule, 'sum'));
      expect(new Narrator(schedule, 'avg').preface).toBe(`Every GPU first multiplies its gradient by 1/${devices}.`);
    }
    expect(opPreface('sum', 4)).toBeNull();
    expect(opPreface('prod', 4)).toBeNull();
  });
});

describe('phase labels', () => {
  it('uses the seeds’ names for ring phases and keeps other names', () => {
    expect(phaseLabel('reduce-scatter')).toBe('share-reduce');
    expect(phaseLabel('allgather')).toBe('share-only');
    expect(phaseLabel('broadcast')).toBe('broadcast');
    expect(phaseLabel('inter-node')).toBe('inter-node');
  });
});

describe('many devices', () => {
  it('names devices a … z up to 26 devices', () => {
    const sentences = narrateStep(ring.build({ devices: 26 }), 0).sentences;
    expect(sentences[0]).toBe('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.');
    expect(sentences[24]).toBe('GPU-24 sends y₂₅ to GPU-25, where it gets added to z₂₅.');
    expect(sentences[25]).toBe('GPU-25 sends z₂₆ to GPU-0, where it gets added to a₂₆.');
  });

  it('names every device g and its GPU number beyond 26 devices, so no two names collide', () => {
    const sentences = narrateStep(ring.build({ devices: 30 }), 0).sentences;
    expect(sentences[0]).toBe('GPU-0 sends g0₁ to GPU-1, where it gets added to g1₁.');
    expect(sentences[6]).toBe('GPU-6 sends g6₇ to GPU-7, where it gets added to g7₇.');
    expect(sentences[25]).toBe('GPU-25 sends g25₂₆ to GPU-26, where it gets added to g26₂₆.');
    expect(sentences[26]).toBe('GPU-26 sends g26₂₇ to GPU-27, where it gets added to g27₂₇.');
    expect(sentences[29]).toBe('GPU-29 sends g29₃₀ to GPU-0, where it gets added to g0₃₀.');
  });

  it('writes GPU-26’s chunk 63 of ring 64 as g26₆₃', () => {
    const narrator = new Narrator(ring.build({ devices: 64 }));
    expect(narrator.valueExpression(26, 62)).toBe('g26₆₃');
    expect(narrator.valueExpression(6, 62)).toBe('g6₆₃');
  });

  it('writes values of up to 8 terms in full and abbreviates longer ones', () => {
    const schedule = ring.build({ devices: 9 });
    const narrator = new Narrator(schedule);
    for (let s = 0; s < 7; s++) narrator.skip();
    expect(narrator.narrateNext().sentences[0]).toBe('GPU-0 sends (c₃+d₃+e₃+f₃+g₃+h₃+i₃+a₃) to GPU-1, where it gets added to b₃.');
    expect(narrator.valueExpression(1, 2)).toBe('(c₃+d₃+e₃+…+a₃+b₃, 9 terms)');
    expect(new Narrator(schedule, 'max').valueExpression(1, 2)).toBe('b₃');
  });

  it('abbreviates ring values on 64 devices', () => {
    const schedule = ring.build({ devices: 64 });
    expect(narrateStep(schedule, 62).sentences[0]).toBe('GPU-0 sends (g2₃+g3₃+g4₃+…+g63₃+g0₃, 63 terms) to GPU-1, where it gets added to g1₃.');
    const last = narrateStep(schedule, 125, 'min');
    expect(last.sentences[0]).toBe('GPU-0 sends min(g3₄, g4₄, g5₄, …, g1₄, g2₄; 64 terms) to GPU-1, which stores it.');
    expect(last.sentences[63]).toBe('GPU-63 sends min(g2₃, g3₃, g4₃, …, g0₃, g1₃; 64 terms) to GPU-0, which stores it.');
  });

  it('narrates the last step of ring on 1024 devices with abbreviated values', () => {
    const schedule = ring.build({ devices: 1024 });
    const narrator = new Narrator(schedule);
    for (let s = 0; s < schedule.steps.length - 1; s++) narrator.skip();
    const last = narrator.narrateNext();
    expect(last.step).toBe(2046);
    expect(last.sentences).toHaveLength(1024);
    expect(last.sentences[0]).toBe('GPU-0 sends (g3₄+g4₄+g5₄+…+g1₄+g2₄, 1024 terms) to GPU-1, which stores it.');
    expect(last.sentences[500]).toBe('GPU-500 sends (g503₅₀₄+g504₅₀₄+g505₅₀₄+…+g501₅₀₄+g502₅₀₄, 1024 terms) to GPU-501, which stores it.');
    expect(narrator.valueExpression(5, 0)).toBe('(g0₁+g1₁+g2₁+…+g1022₁+g1023₁, 1024 terms)');
  });
});

describe('term sequences', () => {
  it('keep the order of concatenation and report head and tail without flattening', () => {
    const seq = concatTerms(concatTerms(3, concatTerms(0, 1)), concatTerms(4, 2));
    expect(termCount(seq)).toBe(5);
    expect(allTerms(seq)).toEqual([3, 0, 1, 4, 2]);
    expect(headTerms(seq, 2)).toEqual([3, 0]);
    expect(tailTerms(seq, 3)).toEqual([1, 4, 2]);
    expect(tailTerms(seq, 9)).toEqual([3, 0, 1, 4, 2]);
    expect(valueExpression(seq, 0, 8)).toBe('(d₁+a₁+b₁+e₁+c₁)');
    expect(valueExpression(7, 2, 8, 'max')).toBe('h₃');
    expect(valueExpression(seq, 0, 27)).toBe('(g3₁+g0₁+g1₁+g4₁+g2₁)');
  });

  it('walk trees thousands of levels deep', () => {
    let seq = concatTerms(0, 1);
    for (let d = 2; d < 20000; d++) seq = concatTerms(seq, d);
    expect(headTerms(seq, 3)).toEqual([0, 1, 2]);
    expect(tailTerms(seq, 2)).toEqual([19998, 19999]);
  });

  it('track which terms every cell holds after a ring, for several device counts', () => {
    for (const devices of [2, 3, 5, 8]) {
      const tracker = new TermReplay(ring.build({ devices }));
      while (!tracker.done) tracker.apply();
      for (let d = 0; d < devices; d++) {
        for (let c = 0; c < devices; c++) {
          expect(allTerms(tracker.terms(d, c))).toEqual(Array.from({ length: devices }, (_, k) => (c + k) % devices));
        }
      }
    }
  });

  it('reject a step index outside the schedule', () => {
    expect(() => narrateStep(ring4, 6)).toThrow('step index must be an integer from 0 to 5, got 6');
    expect(() => narrateStep(ring.build({ devices: 1 }), 0)).toThrow('this schedule has no steps to narrate');
  });
});

describe('the plan said before the first step', () => {
  it('counts the steps of each phase in order, in the seeds’ names', () => {
    expect(planSentence(buildSchedule({ algorithm: 'ring', devices: 4 }))).toBe(
      'It takes 6 steps: 3 of share-reduce (reduce-scatter), then 3 of share-only (allgather).',
    );
    expect(planSentence(buildSchedule({ algorithm: 'naive', devices: 4 }))).toBe('It takes 1 step of exchange.');
    expect(planSentence(buildSchedule({ algorithm: 'ring', devices: 1 }))).toBeNull();
  });
});
