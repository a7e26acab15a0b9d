// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { narrateStep } from '../../../src/core/narration';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { PresentButton } from '../../../src/ui/present/PresentButton';
import { PresenterMode } from '../../../src/ui/present/PresenterMode';
import { SimProvider } from '../../../src/ui/StoreContext';

afterEach(cleanup);

function store(step = 0, config = {}): SimStore {
  return createSimStore({ gpu: null, step, config: { backend: 'cpu', algorithm: 'ring', devices: 4, ...config } });
}

const sentences = () => screen.getByRole('region', { name: 'Narration' }).querySelectorAll('li');
const texts = () => Array.from(sentences(), (li) => li.textContent);

describe('presenter mode', () => {
  it('shows the current step’s seed sentences large, with the step and its phase', () => {
    render(<PresenterMode store={store(2)} onExit={() => {}} fullscreen={false} />);
    expect(texts()).toEqual(narrateStep(ring.build({ devices: 4 }), 1).sentences);
    expect(texts()).toContain('GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.');
    expect(screen.getByText('Step 2')).toBeTruthy();
    expect(screen.getByText('share-reduce · reduce-scatter')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Steps' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByRole('region', { name: 'Devices' })).toBeTruthy();
  });

  it('steps with the app’s keys, and keeps them from the page around it', () => {
    const sim = store();
    const onPage = vi.fn();
    document.addEventListener('keydown', onPage);
    render(<PresenterMode store={sim} onExit={() => {}} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    expect(document.activeElement).toBe(root);
    expect(screen.getByText(/Each GPU starts with its own gradient/)).toBeTruthy();
    const schedule = ring.build({ devices: 4 });
    for (let step = 1; step <= 6; step++) {
      act(() => void fireEvent.keyDown(root, { key: 'ArrowRight' }));
      expect(sim.getState().step).toBe(step);
      expect(texts()).toEqual(narrateStep(schedule, step - 1).sentences);
    }
    expect(screen.getByText(/Done: every GPU holds what the collective promises/)).toBeTruthy();
    act(() => void fireEvent.keyDown(root, { key: 'ArrowLeft' }));
    expect(sim.getState().step).toBe(5);
    act(() => void fireEvent.keyDown(root, { key: 'Home' }));
    expect(sim.getState().step).toBe(0);
    act(() => void fireEvent.keyDown(root, { key: 'End' }));
    expect(sim.getState().step).toBe(6);
    expect(onPage).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onPage);
  });

  it('calls onExit on Escape and on its exit button', () => {
    const onExit = vi.fn();
    render(<PresenterMode store={store(1)} onExit={onExit} fullscreen={false} />);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Presenter mode' }), { key: 'Escape' });
    expect(onExit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /Exit presenter/ }));
    expect(onExit).toHaveBeenCalledTimes(2);
  });

  it('switches between its light and dark high-contrast themes with T', () => {
    render(<PresenterMode store={store(1)} onExit={() => {}} theme="light" fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    expect(root.getAttribute('data-theme')).toBe('light');
    act(() => void fireEvent.keyDown(root, { key: 't' }));
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it('counts the transfers it does not show on a large step', () => {
    render(<PresenterMode store={store(1, { devices: 16 })} onExit={() => {}} fullscreen={false} />);
    expect(sentences()).toHaveLength(7);
    expect(texts().at(-1)).toBe('… and 10 more transfers at the same time.');
  });
});

describe('the Present button', () => {
  it('opens the presenter on the app’s store in the app’s theme, and gives focus back on exit', () => {
    const sim = store(2);
    render(
      <div className="gs-root" data-theme="dark">
        <SimProvider store={sim}>
          <PresentButton />
        </SimProvider>
      </div>,
    );
    const button = screen.getByRole('button', { name: /^Present/ });
    fireEvent.click(button);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    expect(root.getAttribute('data-theme')).toBe('dark');
    act(() => void fireEvent.keyDown(root, { key: 'ArrowRight' }));
    expect(sim.getState().step).toBe(3);
    act(() => void fireEvent.keyDown(root, { key: 'Escape' }));
    expect(screen.queryByRole('region', { name: 'Presenter mode' })).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(sim.getState().step).toBe(3);
  });
});
