import { describe, expect, it } from 'vitest';
import type { SideStage } from '../../../src/ui/present/raceClock';
import { raceStepLabel } from '../../../src/ui/present/raceStepLabel';

const MASTER_PHASES = ['reduce', 'broadcast'];

/** The label as it reads: the step, and after a dot its phase or the number of steps. */
function read(stage: SideStage, steps: number, phases: string[]): string {
  const { lead, count, tail, aside } = raceStepLabel(stage, steps, (step) => phases[step]);
  return [`${lead}${count}${tail}`, aside].filter(Boolean).join(' · ');
}

describe('a side’s label in the race', () => {
  it('names the step under way, counted from 1, with its phase: master’s broadcast is step 2 / 2', () => {
    expect(read({ stage: 'under way', step: 0 }, 2, MASTER_PHASES)).toBe('step 1 / 2 · reduce');
    expect(read({ stage: 'under way', step: 1 }, 2, MASTER_PHASES)).toBe('step 2 / 2 · broadcast');
    expect(raceStepLabel({ stage: 'under way', step: 1 }, 2, (step) => MASTER_PHASES[step]).count).toBe('2');
  });

  it('says plainly when a side has not started or is done, its number of steps after the dot', () => {
    expect(read({ stage: 'before', step: 0 }, 2, MASTER_PHASES)).toBe('not started · 2 steps');
    expect(read({ stage: 'done', step: 1 }, 2, MASTER_PHASES)).toBe('done · 2 steps');
    expect(read({ stage: 'done', step: 0 }, 1, ['broadcast'])).toBe('done · 1 step');
    expect(read({ stage: 'before', step: 0 }, 14, [])).toBe('not started · 14 steps');
    expect(raceStepLabel({ stage: 'done', step: 13 }, 14, () => '')).toEqual({ lead: 'done', count: '', tail: '', aside: '14 steps' });
  });

  it('leaves out a phase a step has not got', () => {
    expect(read({ stage: 'under way', step: 2 }, 6, ['', '', ''])).toBe('step 3 / 6');
  });
});
