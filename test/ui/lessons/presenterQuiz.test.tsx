// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimStore } from '../../../src/store/simStore';
import { PresenterMode } from '../../../src/ui/present/PresenterMode';

afterEach(cleanup);

describe('the exercise in the presenter', () => {
  it('takes the narration’s place on Q, answers A–D before the algorithm key, and gives the narration back', () => {
    const store = createSimStore({ gpu: null, config: { backend: 'cpu', algorithm: 'ring', devices: 4 } });
    render(<PresenterMode store={store} onExit={() => {}} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    const press = (key: string) => act(() => void fireEvent.keyDown(root, { key }));
    press('q');
    expect(screen.queryByRole('region', { name: 'Narration' })).toBeNull();
    const options = screen.getByRole('region', { name: 'Predict the step' }).querySelectorAll('.gs-quiz-option');
    press('a');
    expect(options[0].getAttribute('aria-pressed')).toBe('true');
    expect(store.getState().config.algorithm).toBe('ring');
    press('ArrowRight');
    expect(store.getState().step).toBe(1);
    press('q');
    expect(screen.getByRole('region', { name: 'Narration' })).toBeTruthy();
    store.getState().dispose();
  });
});
