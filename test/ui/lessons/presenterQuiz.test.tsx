// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimStore } from '../../../src/store/simStore';
import { PresenterMode } from '../../../src/ui/present/PresenterMode';

afterEach(cleanup);

describe('the exercise in the presenter', () => {
  it('takes the narration’s place on Q, answers by number while A still changes the algorithm, and gives the narration back', () => {
    const store = createSimStore({ gpu: null, config: { backend: 'cpu', algorithm: 'ring', devices: 4 } });
    render(<PresenterMode store={store} onExit={() => {}} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    const press = (key: string) => act(() => void fireEvent.keyDown(root, { key }));
    const pressed = () =>
      Array.from(screen.getByRole('region', { name: 'Predict the step' }).querySelectorAll('.gs-quiz-option')).map((o) => o.getAttribute('aria-pressed'));
    press('q');
    expect(screen.queryByRole('region', { name: 'Narration' })).toBeNull();
    // A is the algorithm's key, as the key strip says, and picks no option.
    press('a');
    expect(store.getState().config.algorithm).not.toBe('ring');
    expect(pressed()).not.toContain('true');
    press('A');
    expect(store.getState().config.algorithm).toBe('ring');
    expect(pressed()).not.toContain('true');
    // The options are picked by the numbers they show.
    const [first] = Array.from(screen.getByRole('region', { name: 'Predict the step' }).querySelectorAll('.gs-quiz-option kbd')).map((kbd) => kbd.textContent);
    expect(first).toBe('1');
    press('1');
    expect(pressed()[0]).toBe('true');
    press('ArrowRight');
    expect(store.getState().step).toBe(1);
    press('q');
    expect(screen.getByRole('region', { name: 'Narration' })).toBeTruthy();
    store.getState().dispose();
  });
});
