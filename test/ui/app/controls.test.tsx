// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { ConfigBar } from '../../../src/ui/config/ConfigBar';
import { Controls } from '../../../src/ui/controls/Controls';
import { useKeyboardControls } from '../../../src/ui/controls/useKeyboardControls';
import { NarrationPanel } from '../../../src/ui/narration/NarrationPanel';
import { SimProvider } from '../../../src/ui/StoreContext';

afterEach(cleanup);

function store(config = {}): SimStore {
  return createSimStore({ gpu: null, config: { backend: 'cpu', ...config } });
}

function Keys({ sim }: { sim: SimStore }) {
  const root = useRef<HTMLDivElement>(null);
  useKeyboardControls(sim, root, false);
  return (
    <div ref={root} tabIndex={-1} data-testid="root">
      <Controls />
      <NarrationPanel />
    </div>
  );
}

/** A sentence of the narration, read whole: its GPU names are spans of their own (SentenceText). */
const sentence = (text: string) => screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === text);

function show(sim: SimStore) {
  return render(
    <SimProvider store={sim}>
      <Keys sim={sim} />
    </SimProvider>,
  );
}

describe('the controls and the narration', () => {
  it('walk ring on 4 devices through the seed sentences', () => {
    const sim = store();
    show(sim);
    expect(screen.getByText(/Each GPU starts with its own gradient/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Step forward/ }));
    expect(sentence('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.')).toBeTruthy();
    expect(sentence('GPU-3 sends d₄ to GPU-0, where it gets added to a₄.')).toBeTruthy();
    expect(screen.getByText(/share-reduce/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Step forward/ }));
    expect(sentence('GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Step back/ }));
    expect(sentence('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /To end/ }));
    expect(screen.getByText(/Done: every device holds what the collective promises/)).toBeTruthy();
    expect(screen.getByText(/share-only/)).toBeTruthy();
  });

  it('answer the keys Space, ←, →, Home and End', () => {
    const sim = store();
    show(sim);
    const root = screen.getByTestId('root');
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    expect(sim.getState().step).toBe(2);
    fireEvent.keyDown(root, { key: 'ArrowLeft' });
    expect(sim.getState().step).toBe(1);
    fireEvent.keyDown(root, { key: 'End' });
    expect(sim.getState().step).toBe(6);
    fireEvent.keyDown(root, { key: 'Home' });
    expect(sim.getState().step).toBe(0);
    fireEvent.keyDown(root, { key: ' ' });
    expect(sim.getState().playing).toBe(true);
    fireEvent.keyDown(root, { key: ' ' });
    expect(sim.getState().playing).toBe(false);
    sim.getState().dispose();
  });

  it('seek with the scrubber and announce the step', () => {
    const sim = store();
    show(sim);
    fireEvent.change(screen.getByRole('slider'), { target: { value: '4' } });
    expect(sim.getState().step).toBe(4);
    expect(screen.getByText('Step 4 of 6')).toBeTruthy();
  });

  it('show what is wrong instead of a blank panel', () => {
    const sim = store({ algorithm: 'ring', devices: 4, chunks: 6 });
    show(sim);
    expect(screen.getByText('ring splits the buffer into 4 segments, so chunks must be a multiple of 4, got 6')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Play/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the configuration bar', () => {
  it('applies a device count on Enter and refuses a bad one with a message', () => {
    const sim = store();
    render(
      <SimProvider store={sim}>
        <ConfigBar />
      </SimProvider>,
    );
    const devices = screen.getByRole('spinbutton', { name: /Devices/ });
    fireEvent.change(devices, { target: { value: '8' } });
    fireEvent.keyDown(devices, { key: 'Enter' });
    expect(sim.getState().config.devices).toBe(8);
    fireEvent.change(devices, { target: { value: '0' } });
    fireEvent.keyDown(devices, { key: 'Enter' });
    expect(sim.getState().config.devices).toBe(8);
    expect(screen.getByRole('alert').textContent).toMatch(/Devices: a whole number from 1 to 1,024/);
  });

  it('switches algorithm and collective', () => {
    const sim = store();
    render(
      <SimProvider store={sim}>
        <ConfigBar />
      </SimProvider>,
    );
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: 'allreduce/double-tree' } });
    });
    expect(sim.getState().config.algorithm).toBe('double-tree');
    fireEvent.change(screen.getByRole('combobox', { name: 'Algorithm' }), { target: { value: 'broadcast/binomial-tree' } });
    expect(sim.getState().config).toMatchObject({ collective: 'broadcast', algorithm: 'binomial-tree' });
  });
});
