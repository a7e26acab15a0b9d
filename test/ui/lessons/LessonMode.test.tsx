// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lessonById, trainingQuestion } from '../../../src/core/lessons';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { parseUrlState } from '../../../src/store/url';
import { LessonMode } from '../../../src/ui/lessons/LessonMode';
import { readLessonAddress, trainingAt } from '../../../src/ui/lessons/lessonUrl';
import { trainingRequest } from '../../../src/ui/training/trainingSettings';

const stores: SimStore[] = [];
afterEach(() => {
  cleanup();
  while (stores.length) stores.pop()!.getState().dispose();
});

function open(search: string, onExit = vi.fn()) {
  const address = readLessonAddress(search)!;
  const { config, step, notices } = parseUrlState(address.appSearch || '?');
  const store = createSimStore({ config: { ...config, backend: 'cpu' }, step, notices, gpu: null });
  stores.push(store);
  render(<LessonMode store={store} address={address} onExit={onExit} />);
  return { store, onExit };
}

const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));
const where = () => screen.getByTestId('lesson-where').textContent;
const title = () => document.querySelector('.gs-lesson-bar h1')!.textContent;
/** The exercise beside the figure (the handout, hidden on screen, asks the same). */
const side = () => screen.getByRole('complementary', { name: 'Exercises' });

describe('a lesson', () => {
  it('shows its title, its framing in the seeds’ words and its figure', () => {
    open('?lesson=ring');
    const ring = lessonById('ring')!;
    expect(title()).toContain(ring.title);
    expect(document.querySelector('.gs-lesson-framing')!.textContent).toBe(ring.framing);
    expect(screen.getByRole('region', { name: 'Devices' })).toBeTruthy();
    expect(where()).toBe('Before step 1 of 6');
    expect(screen.getByRole('region', { name: 'Predict the step' })).toBeTruthy();
  });

  it('moves to the next lesson with Page Down: its figure, its address, its exercise', () => {
    const { store } = open('?lesson=ring');
    press('PageDown');
    expect(store.getState().config).toMatchObject({ algorithm: 'tree', devices: 8, backend: 'cpu' });
    expect(title()).toContain(lessonById('tree')!.title);
    expect(location.search).toBe('?lesson=tree&backend=cpu');
    press('PageUp');
    press('PageUp');
    expect(store.getState().config.algorithm).toBe('master');
  });

  it('steps a training figure’s stages with ← and →, works its problem with Enter and W, and leaves with Esc', () => {
    const { onExit } = open('?lesson=overlap');
    expect(where()).toBe('Stage 1 of 2 · all-reduce after backward');
    press('ArrowRight');
    expect(where()).toBe('Stage 2 of 2 · all-reduce during backward');
    expect(location.search).toBe('?lesson=overlap&step=1');
    press('ArrowRight');
    expect(where()).toBe('Stage 2 of 2 · all-reduce during backward');
    const overlap = lessonById('overlap')!;
    const [first, second] = trainingQuestion('overlap', trainingRequest(trainingAt(overlap, 1)!)).parts;
    expect(within(side()).getByText(first.question)).toBeTruthy();
    press('Enter');
    expect(within(side()).getByText(first.answer)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Working' }).textContent).toBe(first.working.join(''));
    press('w');
    expect(within(side()).getByText(second.question)).toBeTruthy();
    expect(within(side()).queryByText(second.answer)).toBeNull();
    press('Escape');
    expect(onExit).toHaveBeenCalledWith('./train.html');
  });

  it('says what is wrong with a link in one line, and shows the lesson’s own setting', () => {
    open('?lesson=ring&devices=0');
    expect(screen.getByRole('status').textContent).toContain('devices must be an integer from 1 to 1024; got “0”, using the default');
  });

  it('names in its key strip the keys of the question asked, 1–3 where it offers three, and Enter’s next move', () => {
    open('?lesson=naive');
    const keys = () => screen.getByTestId('lesson-keys').textContent;
    expect(document.querySelectorAll('.gs-quiz-option')).toHaveLength(3);
    expect(keys()).toContain('1–3 answer · Enter reveal');
    press('2');
    press('Enter');
    expect(keys()).toContain('Enter next question');
    expect(keys()).not.toContain('answer ·');
  });

  it('opens with a link to its figure, named for what it is, that takes the focus there', () => {
    open('?lesson=nccl-2-4');
    const skip = screen.getByRole('button', { name: 'Skip to the charts' });
    expect(document.querySelector('.gs-lesson button')).toBe(skip);
    act(() => skip.click());
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'The charts' }));
  });

  it('asks the next lesson’s question afresh, with nothing picked', () => {
    open('?lesson=ring');
    press('2');
    expect(document.querySelectorAll('.gs-quiz-option')[1].getAttribute('aria-pressed')).toBe('true');
    press('PageDown');
    const pressed = Array.from(document.querySelectorAll('.gs-quiz-option')).map((option) => option.getAttribute('aria-pressed'));
    expect(pressed.length).toBeGreaterThan(0);
    expect(pressed).not.toContain('true');
  });
});
