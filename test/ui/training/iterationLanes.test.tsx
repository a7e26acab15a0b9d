// @vitest-environment jsdom
// The iteration's lanes in the training figure: both runs on one axis, a key for the colours drawn,
// a speed to choose, and what each run does at t = 0.

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TrainingFigure } from '../../../src/ui/training/TrainingFigure';
import { reportFor, TRAINING_DEFAULTS, type TrainingSettings } from '../../../src/ui/training/trainingSettings';

function figure(patch: Partial<TrainingSettings>) {
  const settings = { ...TRAINING_DEFAULTS, ...patch };
  return render(<TrainingFigure settings={settings} result={reportFor(settings)} appBase="./" />);
}

describe('the iteration lanes', () => {
  afterEach(cleanup);

  it('draw the run with overlap above the run without, with the time overlap saves', () => {
    const { container } = figure({});
    expect([...container.querySelectorAll('.gs-train-run-name')].map((name) => name.textContent)).toEqual([
      'with overlap · 680 ms',
      'without overlap · 767 ms',
    ]);
    expect(container.querySelector('.gs-train-saved-text')?.textContent).toBe('overlap saves 86.5 ms');
    // The figures above follow the overlap setting; so does which run's name is marked.
    expect(container.querySelector('.gs-train-run-name--chosen')?.textContent).toMatch(/^with overlap/);
    cleanup();
    expect(figure({ overlap: false }).container.querySelector('.gs-train-run-name--chosen')?.textContent).toMatch(/^without overlap/);
  });

  it('name in a key the colours drawn: a pass each, and each collective the strategy runs', () => {
    figure({ strategy: 'zero3' });
    const key = screen.getByRole('list', { name: 'Key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'forward',
      'backward',
      'reduce-scatter',
      'all-gather',
      'merged: operations too close together to draw apart, a band per kind (hover for which)',
      'a bar is at least 6 px wide, wider than a shorter operation takes',
    ]);
  });

  it('play in 24 s by default, with slower and faster speeds, and say what each run does at t = 0', () => {
    const { container } = figure({});
    const speed = screen.getByRole('combobox', { name: 'Speed' }) as HTMLSelectElement;
    expect(speed.value).toBe('24');
    expect([...speed.options].map((option) => option.textContent)).toEqual(['¼× · 96 s', '½× · 48 s', '1× · 24 s', '2× · 12 s', '4× · 6 s']);
    // The words shown (beside them, hidden, the longest they will say, which keep their room); a run of
    // short layers is told as one, held about a second of the sweep.
    const shown = [...container.querySelectorAll('.gs-train-status dd .gs-steady > :first-child')].map((words) => words.textContent);
    expect(shown).toEqual(['forward of layers 2–9', 'forward of layers 2–9']);
    const room = container.querySelectorAll('.gs-train-status dd .gs-steady-room');
    expect([...room].every((words) => words.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(room.length).toBeGreaterThan(0);
  });
});
