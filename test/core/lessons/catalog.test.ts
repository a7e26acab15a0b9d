import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { costQuestion, LESSON_IDS, LESSONS, lessonBeside, lessonById } from '../../../src/core/lessons';
import { narrateStep } from '../../../src/core/narration';

describe('the lesson sequence', () => {
  it('follows the seeds’ argument, in order', () => {
    expect(LESSON_IDS).toEqual(['naive', 'master', 'ring', 'tree', 'double-tree', 'hierarchical-ring', 'nccl-2-4', 'overlap', 'zero', 'parameter-server']);
  });

  it('frames the first three in the walkthrough’s words and counts', () => {
    expect(lessonById('naive')!.framing).toContain('G·(G−1)·N');
    expect(lessonById('master')!.framing).toContain('2·(G−1)·N');
    const ring = lessonById('ring')!.framing;
    for (const words of ['share-reduce', 'share-only', 'single-GPU-master']) expect(ring).toContain(words);
    // The framing quotes the narration's first sentence of the figure it shows.
    const first = narrateStep(buildSchedule({ algorithm: 'ring', devices: 4 }), 0).sentences[0];
    expect(ring).toContain(first.replace(/\.$/, ''));
  });

  it('builds every figure and answers every question it asks', () => {
    for (const lesson of LESSONS) {
      const { figure } = lesson;
      if (figure.kind === 'collective') expect(buildSchedule(figure).steps.length, lesson.id).toBeGreaterThan(0);
      if (figure.kind === 'training') expect(figure.stages.length, lesson.id).toBeGreaterThan(1);
      for (const setup of lesson.costs) expect(costQuestion(setup).parts.length, lesson.id).toBe(setup.versus ? 3 : 2);
      expect(lesson.costs.length + lesson.training.length, `${lesson.id} has exercises`).toBeGreaterThan(0);
    }
  });

  it('moves between neighbours and stops at either end', () => {
    expect(lessonBeside('ring', 1)!.id).toBe('tree');
    expect(lessonBeside('ring', -1)!.id).toBe('master');
    expect(lessonBeside('naive', -1)).toBeNull();
    expect(lessonBeside('parameter-server', 1)).toBeNull();
    expect(lessonBeside('unknown', 1)).toBeNull();
  });

  it('shows NCCL 2.4’s figures on Summit up to 24,576 GPUs, ring against double tree, beside the measured 180×', () => {
    const figure = lessonById('nccl-2-4')!.figure;
    if (figure.kind !== 'scale-chart') throw new Error('the NCCL 2.4 lesson shows the scale chart');
    expect(figure.chart.machine).toBe('summit');
    expect(figure.chart.algorithms.slice(0, 2)).toEqual(['ring', 'double-tree']);
    expect(Math.max(...figure.chart.deviceCounts)).toBe(24_576);
    expect(figure.chart.measured?.ratio).toBe(180);
  });
});
