// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import type { SimConfig } from '../../../src/store/config';
import { DevicesView } from '../../../src/ui/devices/DevicesView';
import { SimProvider } from '../../../src/ui/StoreContext';

function cpuStore(config: Partial<SimConfig> = {}, step = 0): SimStore {
  const store = createSimStore({ config: { backend: 'cpu', ...config }, gpu: null });
  store.getState().seek(step);
  return store;
}

function renderView(store: SimStore) {
  return render(
    <SimProvider store={store}>
      <DevicesView />
    </SimProvider>,
  );
}

function card(container: HTMLElement, device: number): Element {
  const found = container.querySelector(`[data-device="${device}"]`);
  if (!found) throw new Error(`no card for GPU-${device}`);
  return found;
}

function chunkText(container: HTMLElement, device: number, chunk: number): string | null {
  return card(container, device).querySelector(`[data-chunk="${chunk}"] text`)?.textContent ?? null;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the devices view', () => {
  it('draws ring on 4 devices as 4 named cards of 4 chunks, in a labelled picture', () => {
    const { container } = renderView(cpuStore());
    const cards = container.querySelectorAll('[data-device]');
    expect(cards).toHaveLength(4);
    for (const [d, element] of [...cards].entries()) {
      expect(element.querySelectorAll('[data-chunk]')).toHaveLength(4);
      expect(element.textContent).toContain(`GPU-${d}`);
      expect(element.textContent).toContain('abcd'[d]);
    }
    expect(screen.getByRole('group', { name: /4 devices on a circle, GPU-0 at the top/ })).toBeTruthy();
    expect(chunkText(container, 0, 0)).toBe('a₁');
  });

  it("shows the seeds' expressions at step 2 and follows a seek at once", () => {
    const store = cpuStore({}, 2);
    const { container } = renderView(store);
    expect(chunkText(container, 1, 3)).toBe('(d₄+a₄+b₄)');
    expect(chunkText(container, 2, 0)).toBe('(a₁+b₁+c₁)');
    expect(chunkText(container, 2, 3)).toBe('c₄');
    act(() => store.getState().seek(4));
    expect(chunkText(container, 2, 3)).toBe('(d₄+a₄+b₄+c₄)');
    expect(chunkText(container, 3, 3)).toBe('(d₄+a₄+b₄+c₄)');
    act(() => store.getState().seek(0));
    expect(chunkText(container, 1, 3)).toBe('b₄');
  });

  it('names what each chunk holds for screen readers, and marks complete chunks', () => {
    const store = cpuStore({}, 3);
    const { container } = renderView(store);
    expect(card(container, 1).getAttribute('aria-label')).toBe('GPU-1 (b): chunk 1 holds a, b; chunk 2 holds b; chunk 3 complete; chunk 4 holds a, b, d');
    expect(card(container, 0).getAttribute('aria-label')).toContain('chunk 2 complete');
    expect(card(container, 0).querySelector('[data-chunk="1"]')!.classList.contains('gs-dv-cell--complete')).toBe(true);
    expect(card(container, 0).querySelector('[data-chunk="0"]')!.classList.contains('gs-dv-cell--complete')).toBe(false);
  });

  it('inspects a device on click, Enter or Space', () => {
    const store = cpuStore();
    const { container } = renderView(store);
    fireEvent.click(card(container, 2));
    expect(store.getState().inspected).toBe(2);
    fireEvent.keyDown(card(container, 3), { key: 'Enter' });
    expect(store.getState().inspected).toBe(3);
    fireEvent.keyDown(card(container, 1), { key: ' ' });
    expect(store.getState().inspected).toBe(1);
    expect(card(container, 1).getAttribute('aria-pressed')).toBe('true');
    expect(card(container, 1).getAttribute('tabindex')).toBe('0');
  });

  it('lets a step forward travel before the receiving chunks change', async () => {
    const store = cpuStore({ speed: 16 }, 2);
    const { container } = renderView(store);
    act(() => store.getState().stepForward());
    expect(store.getState().step).toBe(3);
    expect(chunkText(container, 2, 3)).toBe('c₄');
    await waitFor(() => expect(chunkText(container, 2, 3)).toBe('(d₄+a₄+b₄+c₄)'));
  });

  it('updates at once under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
    const store = cpuStore({ speed: 1 }, 2);
    const { container } = renderView(store);
    act(() => store.getState().stepForward());
    expect(chunkText(container, 2, 3)).toBe('(d₄+a₄+b₄+c₄)');
  });

  it('outlines the first violation of a broken schedule at its device and chunk once its step is shown, and every chunk that ends wrong at the end', () => {
    const broken = buildSchedule({ algorithm: 'ring', devices: 4 });
    broken.steps[0].transfers.splice(0, 1);
    const store = cpuStore();
    act(() => void store.getState().loadSchedule(JSON.stringify(broken), 'broken.json'));
    const violation = store.getState().derived!.verification!.violation!;
    expect(violation).toMatchObject({ step: 3, device: 3, chunk: 0, heldBy: { device: 0, chunk: 0 } });
    const { container } = renderView(store);
    const flaggedCells = () =>
      [...container.querySelectorAll('.gs-dv-cell--flagged')].map(
        (cell) => `${cell.closest('[data-device]')!.getAttribute('data-device')}:${cell.getAttribute('data-chunk')}`,
      );
    act(() => store.getState().seek(2));
    expect(flaggedCells()).toEqual([]);
    expect(container.querySelector('.gs-dv-card--flagged')).toBeNull();
    act(() => store.getState().toStart());
    act(() => store.getState().seek(3));
    expect(flaggedCells()).toEqual(['3:0']);
    expect(card(container, 3).classList.contains('gs-dv-card--flagged')).toBe(true);
    expect(card(container, 3).querySelector('.gs-dv-flag title')!.textContent).toBe(violation.message);
    expect(screen.getByRole('status').textContent).toContain(violation.message);
    act(() => store.getState().toEnd());
    expect(flaggedCells().sort()).toEqual(['0:0', '1:0', '2:0', '3:0']);
    expect(card(container, 2).querySelector('[data-chunk="0"] title')!.textContent).toBe('GPU-2 chunk 1: (b₁+c₁+d₁) — lacks a₁');
  });

  it('switches to the aggregate canvas beyond 64 devices, without console errors', () => {
    const errors = vi.spyOn(console, 'error');
    const store = cpuStore({ devices: 128 }, 5);
    const { container } = renderView(store);
    expect(container.querySelectorAll('[data-device]')).toHaveLength(0);
    const canvas = screen.getByRole('img', { name: /128 devices as marks on a ring/ });
    expect(canvas.tagName).toBe('CANVAS');
    expect(canvas.getAttribute('aria-label')).toContain('at step 5 of 254');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('outlines every device that holds a wrong chunk in the aggregate view, not only the first violation’s', () => {
    const broken = buildSchedule({ algorithm: 'ring', devices: 80 });
    broken.steps[0].transfers.splice(0, 1);
    const store = cpuStore();
    act(() => void store.getState().loadSchedule(broken, 'broken.json'));
    renderView(store);
    const canvas = screen.getByRole('img', { name: /80 devices as marks on a ring/ });
    expect(canvas.getAttribute('aria-label')).not.toContain('wrong chunk');
    act(() => store.getState().toEnd());
    expect(canvas.getAttribute('aria-label')).toContain('80 devices hold a wrong chunk, outlined in red.');
    expect(screen.getByText(/^Not correct: 80 chunks end wrong\. First: /)).toBeTruthy();
  });

  it('inspects a device of the aggregate view by clicking its mark or by number', () => {
    const store = cpuStore({ devices: 128 });
    renderView(store);
    const canvas = screen.getByRole('img', { name: /128 devices/ });
    // Fallback size 960×560: the ring is centred at (480, 280) with its outer edge 254 px out; GPU-32 sits at 3 o'clock.
    fireEvent.click(canvas, { clientX: 480 + 246, clientY: 280 });
    expect(store.getState().inspected).toBe(32);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'GPU' }), { target: { value: '77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Inspect' }));
    expect(store.getState().inspected).toBe(77);
  });
});
