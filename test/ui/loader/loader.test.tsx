// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import type { Schedule } from '../../../src/core/schedule';
import { verifySchedule } from '../../../src/core/verify';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { ScheduleDropOverlay } from '../../../src/ui/loader/ScheduleDropOverlay';
import { ScheduleLoader } from '../../../src/ui/loader/ScheduleLoader';
import { MAX_SCHEDULE_BYTES, readScheduleFile } from '../../../src/ui/loader/readScheduleFile';
import { Notices } from '../../../src/ui/notices/Notices';
import { SimProvider } from '../../../src/ui/StoreContext';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function cpuStore(): SimStore {
  return createSimStore({ config: { backend: 'cpu' }, gpu: null });
}

function App() {
  const root = useRef<HTMLDivElement>(null);
  return (
    <div ref={root} data-testid="root" className="gs-root">
      <ScheduleLoader />
      <Notices />
      <ScheduleDropOverlay rootRef={root} />
    </div>
  );
}

async function show(store: SimStore) {
  render(
    <SimProvider store={store}>
      <App />
    </SimProvider>,
  );
  await act(settle);
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Load schedule…' }));
  return screen.getByRole('dialog', { name: 'Load a schedule' });
}

function paste(dialog: HTMLElement, text: string) {
  fireEvent.change(within(dialog).getByLabelText('Or paste JSON'), { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
}

function ringWithoutTransfer(devices: number, step: number, transfer: number): Schedule {
  const schedule = buildSchedule({ algorithm: 'ring', devices });
  return { ...schedule, steps: schedule.steps.map((s, i) => (i === step ? { ...s, transfers: s.transfers.filter((_, t) => t !== transfer) } : s)) };
}

afterEach(cleanup);

describe('loading a schedule', () => {
  for (const devices of [3, 5, 8]) {
    it(`switches to a pasted ring ${devices}, names it in a chip with ✓, and closes the dialog`, async () => {
      const store = cpuStore();
      await show(store);
      paste(openDialog(), JSON.stringify(buildSchedule({ algorithm: 'ring', devices })));
      const state = store.getState();
      expect(state.custom?.name).toBe('pasted schedule');
      expect(state.derived?.schedule.devices).toBe(devices);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText('pasted schedule')).toBeTruthy();
      expect(screen.getByText('✓ verified')).toBeTruthy();
    });
  }

  it('keeps the old schedule and shows an error notice when the pasted text is not JSON', async () => {
    const store = cpuStore();
    await show(store);
    const before = store.getState().derived!.schedule;
    const dialog = openDialog();
    paste(dialog, '{ "format": "gradsync-schedule/1", ');
    expect(store.getState().custom).toBeNull();
    expect(store.getState().derived!.schedule).toBe(before);
    expect(screen.getByRole('alert').textContent).toMatch(/pasted schedule: the schedule is not valid JSON/);
    expect(screen.getByRole('dialog', { name: 'Load a schedule' })).toBe(dialog);
  });

  it('loads a .json file dropped anywhere on the root, with an overlay while dragging', async () => {
    const store = cpuStore();
    await show(store);
    const root = screen.getByTestId('root');
    const file = new File([JSON.stringify(buildSchedule({ algorithm: 'ring', devices: 5 }))], 'ring5.json', { type: 'application/json' });
    fireEvent.dragEnter(root, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop a schedule to load it')).toBeTruthy();
    fireEvent.drop(root, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(screen.queryByText('Drop a schedule to load it')).toBeNull();
    await waitFor(() => expect(store.getState().custom?.name).toBe('ring5.json'));
    expect(store.getState().derived!.schedule.devices).toBe(5);
    expect(await screen.findByText('ring5.json')).toBeTruthy();
  });

  it('refuses a dropped file that is not .json with a notice', async () => {
    const store = cpuStore();
    await show(store);
    fireEvent.drop(screen.getByTestId('root'), { dataTransfer: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    expect(screen.getByRole('alert').textContent).toMatch(/photo.png is not a .json file/);
    expect(store.getState().custom).toBeNull();
  });

  it('loads a wrong schedule anyway and shows ✗ with its violation', async () => {
    const store = cpuStore();
    await show(store);
    const broken = ringWithoutTransfer(4, 0, 0);
    const violation = verifySchedule(broken).violation!.message;
    paste(openDialog(), JSON.stringify(broken));
    expect(store.getState().custom?.name).toBe('pasted schedule');
    expect(screen.getByText('✗ not verified')).toBeTruthy();
    expect(screen.getByText(violation)).toBeTruthy();
    expect(screen.getByText('✗ not verified').closest('.gs-custom-chip')!.getAttribute('title')).toBe(violation);
  });

  it('goes back to the algorithm from the chip', async () => {
    const store = cpuStore();
    await show(store);
    paste(openDialog(), JSON.stringify(buildSchedule({ algorithm: 'ring', devices: 3 })));
    fireEvent.click(screen.getByRole('button', { name: 'Back to ring' }));
    expect(store.getState().custom).toBeNull();
    expect(screen.queryByText('pasted schedule')).toBeNull();
  });

  it('starts from the current schedule: the text area holds JSON equal to it', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start from the current schedule' }));
    const text = (within(dialog).getByLabelText('Or paste JSON') as HTMLTextAreaElement).value;
    expect(JSON.parse(text)).toEqual(store.getState().derived!.schedule);
    expect(text.split('\n')).toContain('      { "src": 0, "dst": 1, "chunk": 0, "op": "reduce" },');
  });

  it('loads a file from the picker', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    const file = new File([JSON.stringify(buildSchedule({ algorithm: 'tree', devices: 6 }))], 'tree6.json', { type: 'application/json' });
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [file] } });
    await waitFor(() => expect(store.getState().custom?.name).toBe('tree6.json'));
    expect(store.getState().derived!.schedule.algorithm).toBe('tree');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    const store = cpuStore();
    await show(store);
    const button = screen.getByRole('button', { name: 'Load schedule…' });
    button.focus();
    const dialog = openDialog();
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe('reading a schedule file', () => {
  function sink() {
    const notices: string[] = [];
    const loaded: string[] = [];
    return {
      notices,
      loaded,
      loadSchedule: (text: string, name: string) => (loaded.push(`${name}: ${text}`), true),
      notify: (level: string, text: string) => void notices.push(`${level}: ${text}`),
    };
  }

  it('refuses files over 50 MB with a notice, without reading them', async () => {
    const target = sink();
    const file = new File(['{}'], 'huge.json');
    Object.defineProperty(file, 'size', { value: MAX_SCHEDULE_BYTES + 1 });
    await expect(readScheduleFile(file, target)).resolves.toBe(false);
    expect(target.loaded).toEqual([]);
    expect(target.notices).toEqual(['error: huge.json is 50.0 MiB; a schedule file may be at most 50.0 MiB']);
  });

  it('hands a readable file to the store under its name', async () => {
    const target = sink();
    await expect(readScheduleFile(new File(['{"x":1}'], 'mine.json'), target)).resolves.toBe(true);
    expect(target.loaded).toEqual(['mine.json: {"x":1}']);
    expect(target.notices).toEqual([]);
  });

  it('turns an unreadable file into a notice, never an exception', async () => {
    const target = sink();
    const notAFile = { name: 'gone.json', size: 10, type: 'application/json' } as File;
    await expect(readScheduleFile(notAFile, target)).resolves.toBe(false);
    expect(target.notices).toHaveLength(1);
    expect(target.notices[0]).toMatch(/^error: gone.json could not be read/);
  });
});
