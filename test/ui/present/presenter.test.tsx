// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { narrateStep } from '../../../src/core/narration/narration';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { algorithmIdsFor } from '../../../src/store/config';
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
    // The phase breaks only at its dot, in a narrow column.
    const phase = document.querySelector('.gs-presenter-phase')!;
    expect(phase.textContent).toBe('share-reduce · reduce-scatter');
    expect([...phase.querySelectorAll('.gs-presenter-phase-part')].map((part) => part.textContent)).toEqual(['share-reduce ·', 'reduce-scatter']);
    expect(screen.getByRole('progressbar', { name: 'Steps' }).getAttribute('aria-valuenow')).toBe('2');
    expect(screen.getByRole('region', { name: 'Devices' })).toBeTruthy();
  });

  it('steps with the app’s keys, and keeps them from the page around it', async () => {
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
    // "Done" waits for the last step's messages to land in the cells they write.
    expect(screen.queryByText(/Done: every GPU holds what the collective promises/)).toBeNull();
    expect(await screen.findByText(/Done: every GPU holds what the collective promises/, {}, { timeout: 5000 })).toBeTruthy();
    act(() => void fireEvent.keyDown(root, { key: 'ArrowLeft' }));
    expect(sim.getState().step).toBe(5);
    act(() => void fireEvent.keyDown(root, { key: 'Home' }));
    expect(sim.getState().step).toBe(0);
    act(() => void fireEvent.keyDown(root, { key: 'End' }));
    expect(sim.getState().step).toBe(6);
    expect(onPage).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onPage);
  });

  it('ends a wrong schedule with the verdict and the transfer that most likely broke it', () => {
    const broken = ring.build({ devices: 4 });
    broken.steps[4].transfers[0].dst = 2;
    const sim = createSimStore({ gpu: null, step: 6, schedule: { ...broken, algorithm: 'ring-of-mine' }, config: { backend: 'cpu' } });
    render(<PresenterMode store={sim} onExit={() => {}} fullscreen={false} />);
    const done = screen.getByText(/^✗ Not correct — /);
    expect(done.textContent).toMatch(/\. Most likely: step 5: GPU-0 → GPU-2 copies chunk 1, where sending it to GPU-1 would make every result right\.$/);
  });

  it('changes the speed with − and +, and the algorithm with A and Shift+A, as its key strip says', () => {
    const sim = store(0, { speed: 0.5 });
    render(<PresenterMode store={sim} onExit={() => {}} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    act(() => void fireEvent.keyDown(root, { key: '+' }));
    expect(sim.getState().config.speed).toBe(1);
    act(() => void fireEvent.keyDown(root, { key: '-' }));
    act(() => void fireEvent.keyDown(root, { key: '-' }));
    expect(sim.getState().config.speed).toBe(0.25);
    const ids = algorithmIdsFor('allreduce');
    const at = ids.indexOf('ring');
    act(() => void fireEvent.keyDown(root, { key: 'a' }));
    expect(sim.getState().config.algorithm).toBe(ids[(at + 1) % ids.length]);
    act(() => void fireEvent.keyDown(root, { key: 'A', shiftKey: true }));
    act(() => void fireEvent.keyDown(root, { key: 'A', shiftKey: true }));
    expect(sim.getState().config.algorithm).toBe(ids[(at - 1 + ids.length) % ids.length]);
    const keys = document.querySelector('.gs-presenter-keys')!.textContent!;
    expect(keys).toContain('⇧A algorithm');
    // The strip says the speed the keys set: 0.25 after the last −.
    expect(keys).toContain('speed 0.25×');
  });

  it('leaves a question for the narration on Escape, and exits only on the next', () => {
    const onExit = vi.fn();
    render(<PresenterMode store={store(1)} onExit={onExit} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    act(() => void fireEvent.keyDown(root, { key: 'q' }));
    expect(document.querySelector('.gs-presenter-quiz')).not.toBeNull();
    act(() => void fireEvent.keyDown(root, { key: 'Escape' }));
    expect(document.querySelector('.gs-presenter-quiz')).toBeNull();
    expect(onExit).not.toHaveBeenCalled();
    act(() => void fireEvent.keyDown(root, { key: 'Escape' }));
    expect(onExit).toHaveBeenCalledTimes(1);
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

  it('turns the pages of a large step with N and P, saying which transfers it shows', () => {
    render(<PresenterMode store={store(1, { devices: 16 })} onExit={() => {}} fullscreen={false} />);
    const root = screen.getByRole('region', { name: 'Presenter mode' });
    const all = narrateStep(ring.build({ devices: 16 }), 0).sentences;
    const pager = () => screen.getByRole('group', { name: 'Transfers of this step' }).textContent;
    expect(texts()).toEqual(all.slice(0, 8));
    expect(pager()).toBe('‹1/2›transfers 1–8 of 16 at the same time · N next');
    act(() => void fireEvent.keyDown(root, { key: 'n' }));
    expect(texts()).toEqual(all.slice(8, 16));
    expect(pager()).toBe('‹2/2›transfers 9–16 of 16 at the same time');
    act(() => void fireEvent.keyDown(root, { key: 'PageDown' }));
    expect(texts()).toEqual(all.slice(8, 16));
    act(() => void fireEvent.keyDown(root, { key: 'PageUp' }));
    expect(texts()).toEqual(all.slice(0, 8));
    fireEvent.click(screen.getByRole('button', { name: 'Next transfers (N)' }));
    expect(texts()).toEqual(all.slice(8, 16));
    act(() => void fireEvent.keyDown(root, { key: 'ArrowRight' }));
    expect(texts()).toEqual(narrateStep(ring.build({ devices: 16 }), 1).sentences.slice(0, 8));
    act(() => void fireEvent.keyDown(root, { key: 'ArrowLeft' }));
    expect(texts()).toEqual(all.slice(0, 8));
  });

  it('shows every transfer of a small step without a pager', () => {
    render(<PresenterMode store={store(2, { devices: 8 })} onExit={() => {}} fullscreen={false} />);
    expect(texts()).toEqual(narrateStep(ring.build({ devices: 8 }), 1).sentences);
    expect(screen.queryByRole('group', { name: 'Transfers of this step' })).toBeNull();
  });

  it('opens on one chunk per GPU as "GPU-0 holds a₁", naming all four GPUs rather than "and so on" for one', () => {
    render(<PresenterMode store={store(0, { algorithm: 'naive', devices: 4 })} onExit={() => {}} fullscreen={false} />);
    expect(screen.getByText(/^Each GPU starts/).textContent).toBe(
      'Each GPU starts with its own gradient, in one chunk: GPU-0 holds a₁, GPU-1 holds b₁, GPU-2 holds c₁ and GPU-3 holds d₁. It takes 1 step of exchange. Press → for the first step.',
    );
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

describe('presenter mode on an imported algorithm', () => {
  it('says on which channel and threadblocks each transfer runs, as the app’s narration does', async () => {
    const { readFileSync } = await import('node:fs');
    const { importMscclXml } = await import('../../../src/core/formats/msccl/importXml');
    const schedule = importMscclXml(readFileSync('test/fixtures/msccl/allreduce_allpairs.xml', 'utf8'));
    const sim = createSimStore({ gpu: null, step: 1, schedule, config: { backend: 'cpu' } });
    render(<PresenterMode store={sim} onExit={() => {}} fullscreen={false} />);
    expect(texts()).toContain('GPU-1 sends b₁ to GPU-0, which stores it in scratch chunk 1. channel 0 · threadblock 1 → 1');
  });
});
