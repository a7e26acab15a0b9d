import { describe, expect, it } from 'vitest';
import { lessonById, LESSON_IDS } from '../../../src/core/lessons';
import { parseUrlState } from '../../../src/store/url';
import { lessonSearch, readLessonAddress, trainingAt } from '../../../src/ui/lessons/lessonUrl';

describe('a lesson’s address', () => {
  it('names no lesson without the key: the app itself', () => {
    expect(readLessonAddress('?algorithm=ring&devices=8')).toBeNull();
  });

  it('opens a collective lesson on its own figure, and the link’s keys change it', () => {
    const plain = readLessonAddress('?lesson=double-tree')!;
    expect(plain.lesson.id).toBe('double-tree');
    const own = parseUrlState(plain.appSearch);
    expect(own.config).toMatchObject({ algorithm: 'double-tree', devices: 8, elements: 1024 });
    expect(own.step).toBe(0);
    const linked = parseUrlState(readLessonAddress('?lesson=ring&devices=8&step=3')!.appSearch);
    expect(linked.config).toMatchObject({ algorithm: 'ring', devices: 8 });
    expect(linked.step).toBe(3);
  });

  it('writes only what differs from the lesson’s figure, and reads back what it wrote', () => {
    const ring = lessonById('ring')!;
    const { config } = parseUrlState(readLessonAddress('?lesson=ring')!.appSearch);
    expect(lessonSearch(ring, { config, step: 0 })).toBe('?lesson=ring');
    expect(lessonSearch(ring, { config, step: 3 })).toBe('?lesson=ring&step=3');
    const eight = { ...config, devices: 8, elements: 64 };
    const search = lessonSearch(ring, { config: eight, step: 2 });
    expect(search).toBe('?lesson=ring&devices=8&elements=64&step=2');
    const back = parseUrlState(readLessonAddress(search)!.appSearch);
    expect(back.config).toEqual(eight);
    expect(back.step).toBe(2);
  });

  it('says so, in one line, when the lesson is unknown, and shows the first', () => {
    const address = readLessonAddress('?lesson=rings')!;
    expect(address.lesson.id).toBe(LESSON_IDS[0]);
    expect(address.notices).toEqual([`lesson must be one of ${LESSON_IDS.join(', ')}; got “rings”, showing naive`]);
  });

  it('opens a training lesson at its stage, with the training view’s keys', () => {
    const address = readLessonAddress('?lesson=zero&step=3&devices=128')!;
    expect(address.stage).toBe(3);
    expect(address.training).toMatchObject({ strategy: 'zero3', devices: 128, model: 'gpt2-xl' });
    expect(lessonSearch(address.lesson, { training: address.training!, stage: 3 })).toBe('?lesson=zero&devices=128&step=3');
    const zero = lessonById('zero')!;
    expect(lessonSearch(zero, { training: trainingAt(zero, 1)!, stage: 1 })).toBe('?lesson=zero&step=1');
  });

  it('turns a stage or setting out of range into a notice and the lesson’s own', () => {
    const address = readLessonAddress('?lesson=overlap&step=5&devices=abc')!;
    expect(address.stage).toBe(0);
    expect(address.training).toMatchObject({ strategy: 'ddp', overlap: false, devices: 64 });
    expect(address.notices).toEqual([
      'step must be an integer from 0 to 1 in this lesson; got “5”, starting at its first stage',
      'devices must be a whole number from 1 to 4,096; got “abc”',
    ]);
  });
});
