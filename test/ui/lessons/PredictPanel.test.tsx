// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { optionRange, predictStep, type StepQuestion } from '../../../src/core/lessons';
import { PredictPanel } from '../../../src/ui/lessons/PredictPanel';
import { questionSeed } from '../../../src/ui/lessons/quizState';
import { showWithStore } from '../showWithStore';

/** The question the panel must ask about step `applied` + 1 of ring on 4. */
function expected(applied: number): StepQuestion {
  const result = predictStep({ schedule: buildSchedule({ algorithm: 'ring', devices: 4 }), applied, seed: questionSeed('ring', 4, applied) });
  if (!result.ok) throw new Error(result.reason);
  return result.question;
}

const panel = () => screen.getByRole('region', { name: 'Predict the step' });
const options = () => Array.from(panel().querySelectorAll<HTMLButtonElement>('.gs-quiz-option'));
const press = (key: string) => act(() => void fireEvent.keyDown(document.body, { key }));

describe('predicting the step', () => {
  it('asks the core’s question about the next step, with its options in order', () => {
    showWithStore(<PredictPanel keysFrom="document" />, { algorithm: 'ring', devices: 4 }, 1);
    const question = expected(1);
    expect(screen.getByText(question.prompt)).toBeTruthy();
    expect(options().map((button) => button.querySelector('.gs-quiz-option-text')!.textContent)).toEqual(question.options);
    expect(screen.getByRole('heading', { name: 'Predict step 2' })).toBeTruthy();
  });

  it('takes a pick from the keys, reveals and plays the step on Enter, and scores it', () => {
    const store = showWithStore(<PredictPanel keysFrom="document" />, { algorithm: 'ring', devices: 4 });
    const question = expected(0);
    const wrong = (question.answer + 1) % question.options.length;
    press(String(wrong + 1));
    expect(options()[wrong].getAttribute('aria-pressed')).toBe('true');
    press('Enter');
    expect(store.getState().step).toBe(1);
    expect(options()[question.answer].className).toContain('gs-quiz-option--right');
    expect(options()[wrong].className).toContain('gs-quiz-option--wrong');
    expect(screen.getByText(`✗ The answer is ${question.answer + 1}: ${question.options[question.answer]}.`)).toBeTruthy();
    expect(screen.getByTestId('quiz-score').textContent).toBe('Score 0 / 1');
    // The next Enter asks about the next step, without playing it.
    press('Enter');
    expect(store.getState().step).toBe(1);
    const next = expected(1);
    expect(screen.getByText(next.prompt)).toBeTruthy();
    // Letters pick nothing: the figure's keys keep them.
    press(String.fromCharCode(97 + next.answer));
    expect(options().map((button) => button.getAttribute('aria-pressed'))).not.toContain('true');
    press(String(next.answer + 1));
    press('ArrowRight');
    expect(store.getState().step).toBe(2);
    expect(screen.getByTestId('quiz-score').textContent).toBe('Score 1 / 2');
  });

  it('asks again where the step moves by other means', () => {
    const store = showWithStore(<PredictPanel keysFrom="document" />, { algorithm: 'ring', devices: 4 }, 2);
    act(() => store.getState().seek(4));
    expect(screen.getByText(expected(4).prompt)).toBeTruthy();
  });

  it('says why there is no question at the end, and leaves → to the player there', () => {
    const store = showWithStore(<PredictPanel keysFrom="document" />, { algorithm: 'ring', devices: 4 }, 6);
    expect(screen.getByText('No question here: every step has played: the collective is done.')).toBeTruthy();
    const event = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    act(() => void document.body.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(false);
    expect(store.getState().step).toBe(6);
  });

  it('says and takes the keys of the options there are: 1–3 for three, and 4 picks nothing', () => {
    showWithStore(<PredictPanel keysFrom="document" />, { algorithm: 'naive', devices: 4 });
    const result = predictStep({ schedule: buildSchedule({ algorithm: 'naive', devices: 4 }), applied: 0, seed: questionSeed('naive', 4, 0) });
    if (!result.ok) throw new Error(result.reason);
    const count = result.question.options.length;
    expect(count).toBe(3);
    expect(screen.getByText(`Pick ${optionRange(count)}, then Enter or → to reveal and play the step.`)).toBeTruthy();
    expect(options().map((button) => button.querySelector('kbd')!.textContent)).toEqual(['1', '2', '3']);
    press('4');
    expect(options().map((button) => button.getAttribute('aria-pressed'))).not.toContain('true');
    press('3');
    expect(options()[2].getAttribute('aria-pressed')).toBe('true');
  });
});
