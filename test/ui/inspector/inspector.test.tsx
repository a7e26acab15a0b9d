// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import type { SimConfig } from '../../../src/store/config';
import { useKeyboardControls } from '../../../src/ui/controls/useKeyboardControls';
import { Inspector } from '../../../src/ui/inspector/Inspector';
import { SimProvider, useSim } from '../../../src/ui/StoreContext';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function cpuStore(config: Partial<SimConfig> = {}): SimStore {
  return createSimStore({ config: { backend: 'cpu', ...config }, gpu: null });
}

function Opener({ device }: { device: number }) {
  const inspect = useSim((s) => s.inspect);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button ref={ref} type="button" onClick={() => inspect(device)}>
      open GPU-{device}
    </button>
  );
}

/** The inspector inside a root whose keys drive the player, as in the app. */
function KeysRoot({ store }: { store: SimStore }) {
  const root = useRef<HTMLDivElement>(null);
  useKeyboardControls(store, root, false);
  return (
    <div ref={root}>
      <Inspector />
    </div>
  );
}

function show(store: SimStore, opener?: number) {
  return render(
    <SimProvider store={store}>
      {opener !== undefined && <Opener device={opener} />}
      <Inspector />
    </SimProvider>,
  );
}

async function inspectAtEnd(store: SimStore, device: number) {
  await act(async () => {
    await settle();
    store.getState().toEnd();
    store.getState().inspect(device);
    await settle();
  });
}

/** Rows of the values table as [element, value, expected, difference] texts. */
function tableRows(): string[][] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''));
}

function withoutTransfer(schedule: Schedule, step: number, transfer: number): Schedule {
  return { ...schedule, steps: schedule.steps.map((s, i) => (i === step ? { ...s, transfers: s.transfers.filter((_, t) => t !== transfer) } : s)) };
}

afterEach(cleanup);

describe('the inspector', () => {
  it('shows nothing while no device is inspected', async () => {
    const store = cpuStore();
    show(store);
    await act(settle);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows GPU-1 of ring 4 at the last step: the seeds’ chunk expressions, the sum of the 4 inputs everywhere, and "equal"', async () => {
    const store = cpuStore();
    show(store);
    await inspectAtEnd(store, 1);
    const dialog = await screen.findByRole('dialog', { name: 'GPU-1 inspector' });
    expect(within(dialog).getByText(/step 6 of 6/)).toBeTruthy();
    expect(within(dialog).getByText('CPU engine')).toBeTruthy();
    for (const expression of ['(a₁+b₁+c₁+d₁)', '(b₂+c₂+d₂+a₂)', '(c₃+d₃+a₃+b₃)', '(d₄+a₄+b₄+c₄)']) {
      expect(within(dialog).getByText(expression)).toBeTruthy();
    }
    expect(within(dialog).getAllByText('✓ complete')).toHaveLength(4);
    await within(dialog).findByText(/all 1,024 values equal the expected sum exactly/);

    const { readout } = store.getState();
    const rows = tableRows();
    expect(rows).toHaveLength(64);
    for (const [element, value, expected, difference] of rows) {
      const e = Number(element);
      const sum = [0, 1, 2, 3].reduce((total, d) => total + readout!.inputs[d * 1024 + e], 0);
      expect(Number(expected)).toBe(sum);
      expect(Number(value)).toBe(sum);
      expect(difference).toBe('0');
    }
  });

  for (const devices of [2, 3, 5, 8]) {
    it(`on ring ${devices}, every device ends equal to the sum of all ${devices} inputs`, async () => {
      const store = cpuStore({ devices, elements: 100 });
      show(store);
      for (const device of [0, devices - 1]) {
        await inspectAtEnd(store, device);
        await screen.findByText(/all 100 values equal the expected sum exactly/);
        const { readout } = store.getState();
        for (const [element, , expected] of tableRows()) {
          let sum = 0;
          for (let d = 0; d < devices; d++) sum += readout!.inputs[d * 100 + Number(element)];
          expect(Number(expected)).toBe(sum);
        }
      }
    });
  }

  it('before the last step, expects what each chunk holds so far and counts complete chunks', async () => {
    const store = cpuStore();
    show(store);
    await act(async () => {
      await settle();
      store.getState().seek(1);
      store.getState().inspect(1);
      await settle();
    });
    const dialog = await screen.findByRole('dialog', { name: 'GPU-1 inspector' });
    expect(within(dialog).getByText('(a₁+b₁)')).toBeTruthy();
    await within(dialog).findByText(/step 1 of 6: 0 of 4 chunks complete; every value equals the sum of what its chunk holds exactly/);
    const inputs = store.getState().readout!.inputs;
    const [first] = tableRows();
    expect(Number(first[2])).toBe(inputs[0] + inputs[1024]);
    // Chunk 2 of GPU-1 (the notation's subscript 2) is still b₂ alone.
    fireEvent.click(within(dialog).getByText('chunk 2').closest('button')!);
    const [firstOfChunk1] = tableRows();
    expect(firstOfChunk1[0]).toBe('256');
    expect(Number(firstOfChunk1[2])).toBe(inputs[1024 + 256]);
  });

  it('averages by premultiplying every input by f32(1/N), then summing in float64', async () => {
    const store = cpuStore({ op: 'avg', devices: 3, elements: 30 });
    show(store);
    await inspectAtEnd(store, 2);
    await screen.findByText(/all 30 values equal the expected average/);
    const { readout } = store.getState();
    const factor = Math.fround(1 / 3);
    const [element, , expected] = tableRows()[0];
    const e = Number(element);
    const want = readout!.inputs[e] * factor + readout!.inputs[30 + e] * factor + readout!.inputs[60 + e] * factor;
    // Shown to 10 significant digits.
    expect(Number(expected)).toBeCloseTo(want, 8);
  });

  it('says which chunk lacks which contribution when a transfer is missing', async () => {
    const store = cpuStore();
    show(store);
    const broken = withoutTransfer(buildSchedule({ algorithm: 'ring', devices: 4 }), 0, 0);
    expect(verifySchedule(broken).ok).toBe(false);
    await act(async () => {
      store.getState().loadSchedule(JSON.stringify(broken), 'broken.json');
      await settle();
    });
    await inspectAtEnd(store, 2);
    await screen.findByText(/256 values differ — GPU-2 chunk 1 lacks a/);
    expect(screen.getByText('✗ lacks a')).toBeTruthy();
  });

  for (const [op, verdict] of [
    ['sum', /256 values differ — GPU-1 chunk 1 holds a twice/],
    ['max', /the values equal the expected maximum, but GPU-1 chunk 1 holds a twice/],
  ] as const) {
    it(`under ${op}, names a contribution reduced twice`, async () => {
      const store = cpuStore({ op });
      show(store);
      const ring = buildSchedule({ algorithm: 'ring', devices: 4 });
      const first = ring.steps[0];
      const doubled = { ...ring, steps: [{ ...first, transfers: [first.transfers[0], ...first.transfers] }, ...ring.steps.slice(1)] };
      expect(verifySchedule(doubled).violation?.kind).toBe('doubled');
      await act(async () => {
        store.getState().loadSchedule(JSON.stringify(doubled), 'doubled.json');
        await settle();
      });
      await inspectAtEnd(store, 1);
      await screen.findByText(verdict);
      expect(screen.getByText('✗ holds a twice')).toBeTruthy();
    });
  }

  it('beyond the detail limit lists contributions by device, forward and back', async () => {
    const store = cpuStore({ devices: 72, elements: 144 });
    show(store);
    await inspectAtEnd(store, 5);
    const dialog = await screen.findByRole('dialog', { name: 'GPU-5 inspector' });
    expect(within(dialog).getByText('(g0₁+…+g71₁, 72 terms)')).toBeTruthy();
    expect(within(dialog).getAllByText('✓ complete')).toHaveLength(64);
    expect(within(dialog).getByText(/8 more chunks/)).toBeTruthy();
    await within(dialog).findByText(/all 144 values equal the expected sum exactly/);
    // After step 1 GPU-5 chunk 5 has received g4₅ from GPU-4; step back to it, then forward again.
    await act(async () => {
      store.getState().seek(1);
      await settle();
    });
    expect(within(dialog).getByText('(g4₅+g5₅)')).toBeTruthy();
    await act(async () => {
      store.getState().seek(2);
      await settle();
    });
    expect(within(dialog).getByText('(g3₄+g4₄+g5₄)')).toBeTruthy();
    await within(dialog).findByText(/step 2 of 142: 0 of 72 chunks complete; every value equals/);
  });

  it('shows a loading state until the store has read the values back', async () => {
    const store = cpuStore();
    show(store);
    act(() => store.getState().inspect(0));
    expect(screen.getByText(/Reading GPU-0's buffer/)).toBeTruthy();
    await screen.findByText(/every value equals/);
  });

  it('moves focus in on open, closes on Escape with inspect(null), and gives focus back', async () => {
    const store = cpuStore();
    show(store, 2);
    await act(settle);
    const opener = screen.getByRole('button', { name: 'open GPU-2' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'GPU-2 inspector' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(store.getState().inspected).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open while ←, → and Space drive the player, its values following the step', async () => {
    const store = cpuStore();
    render(
      <SimProvider store={store}>
        <KeysRoot store={store} />
      </SimProvider>,
    );
    await act(async () => {
      await settle();
      store.getState().inspect(1);
      await settle();
    });
    const dialog = screen.getByRole('dialog', { name: 'GPU-1 inspector' });
    expect(document.activeElement).toBe(dialog);
    const inputs = store.getState().readout!.inputs;
    expect(tableRows()[0].slice(0, 3)).toEqual(['0', String(inputs[1024]), String(inputs[1024])]);
    for (const [key, step] of [
      ['ArrowRight', 1],
      ['ArrowRight', 2],
      ['ArrowLeft', 1],
    ] as const) {
      await act(async () => {
        fireEvent.keyDown(document.activeElement!, { key });
        await settle();
      });
      expect(store.getState().step).toBe(step);
      expect(within(dialog).getByText(`step ${step} of 6`)).toBeTruthy();
    }
    // After step 1, GPU-1's chunk 1 holds (a₁+b₁): element 0 is the sum of the two inputs.
    expect(tableRows()[0].slice(0, 3)).toEqual(['0', String(inputs[0] + inputs[1024]), String(inputs[0] + inputs[1024])]);
    fireEvent.keyDown(document.activeElement!, { key: ' ' });
    expect(store.getState().playing).toBe(true);
    store.getState().pause();
    expect(screen.getByRole('dialog', { name: 'GPU-1 inspector' })).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(store.getState().inspected).toBeNull();
  });

  it('keeps the last values, marked as updating, until the next step’s are read back', async () => {
    const store = cpuStore();
    show(store);
    await act(async () => {
      await settle();
      store.getState().inspect(2);
      await settle();
    });
    const before = tableRows();
    act(() => store.getState().stepForward());
    expect(document.querySelector('.gs-inspector-values')!.className).toBe('gs-inspector-values gs-stale');
    expect(tableRows()).toEqual(before);
    await act(settle);
    expect(document.querySelector('.gs-inspector-values')!.className).toBe('gs-inspector-values');
  });

  it('closes with its close button', async () => {
    const store = cpuStore();
    show(store);
    await act(async () => {
      await settle();
      store.getState().inspect(3);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close inspector' }));
    expect(store.getState().inspected).toBeNull();
  });
});
