// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { parseSchedule } from '../../../src/core/schedule/compile';
import type { Schedule } from '../../../src/core/schedule/ir';
import { verifySchedule } from '../../../src/core/symbolic/verify';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { MAX_SCHEDULE_BYTES } from '../../../src/ui/loader/readSchedule';
import { readScheduleFile } from '../../../src/ui/loader/readScheduleFile';
import { SimProvider } from '../../../src/ui/StoreContext';
import { LoaderPage } from './LoaderPage';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function cpuStore(): SimStore {
  return createSimStore({ config: { backend: 'cpu' }, gpu: null });
}

async function show(store: SimStore) {
  render(
    <SimProvider store={store}>
      <LoaderPage />
    </SimProvider>,
  );
  await act(settle);
}

function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Load schedule…' }));
  return screen.getByRole('dialog', { name: 'Load a schedule or a log' });
}

function paste(dialog: HTMLElement, text: string) {
  fireEvent.change(within(dialog).getByLabelText('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log'), { target: { value: text } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Load' }));
}

function ringWithoutTransfer(devices: number, step: number, transfer: number): Schedule {
  const schedule = buildSchedule({ algorithm: 'ring', devices });
  return { ...schedule, steps: schedule.steps.map((s, i) => (i === step ? { ...s, transfers: s.transfers.filter((_, t) => t !== transfer) } : s)) };
}

/** The core's message for text it cannot read as a schedule. */
function parseError(text: string): string {
  try {
    parseSchedule(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} is a schedule`);
}

/** The one alert inside the dialog after a failed load; it has the focus. */
function problemIn(dialog: HTMLElement): string {
  const alert = within(dialog).getByRole('alert');
  expect(document.activeElement).toBe(alert);
  return alert.textContent!;
}

const NOT_JSON = '{ "format": "gradsync-schedule/1", ';
const TO_DEVICE_9_OF_4 = JSON.stringify({
  ...buildSchedule({ algorithm: 'ring', devices: 4 }),
  steps: [{ phase: 'x', transfers: [{ src: 0, dst: 9, chunk: 0, op: 'reduce' }] }],
});
const DEVICES_5000 = JSON.stringify({ format: 'gradsync-schedule/1', collective: 'allreduce', algorithm: 'big', devices: 5000, chunks: 1, steps: [] });

afterEach(cleanup);

describe('loading a schedule', () => {
  for (const devices of [3, 5, 8]) {
    it(`switches to a pasted ring ${devices}, names it in a chip with ✓, and closes the dialog`, async () => {
      const store = cpuStore();
      await show(store);
      paste(openDialog(), JSON.stringify(buildSchedule({ algorithm: 'ring', devices })));
      const state = store.getState();
      expect(state.custom?.name).toBe('ring');
      expect(state.derived?.schedule.devices).toBe(devices);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText('ring')).toBeTruthy();
      expect(screen.getByText('✓ verified')).toBeTruthy();
    });
  }

  for (const [what, text, message] of [
    ['text that is not JSON', NOT_JSON, `T${parseError(NOT_JSON).slice(1)}`],
    ['a transfer to device 9 of 4', TO_DEVICE_9_OF_4, 'Step 1, transfer 1: dst 9 is out of range 0..3'],
    ['a schedule of 5,000 devices', DEVICES_5000, 'This schedule has 5,000 devices; the app shows at most 1,024'],
    ['an empty box', '   ', 'Paste a schedule (JSON or MSCCL XML), an nccl-tests log or NCCL’s own log into the box first'],
    [
      'NCCL’s own log that says nothing of what NCCL built',
      'node-a:4000:4000 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:10.0.0.1<0>',
      'NCCL’s one line does not say what it built (line 1, “NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0:…”, is of no kind read here)',
    ],
    [
      'plain words',
      'ring allreduce over 8 GPUs, please draw it for me',
      'This is not a schedule (JSON or MSCCL XML), an nccl-tests log or NCCL’s own log: it begins “ring allreduce over 8 GPUs, plea…”',
    ],
    ['an NCCL graph dump cut short', '<graphs version="1">\n  <graph id="0" pattern="4"', null],
  ] as const) {
    it(`says inside the dialog what is wrong with ${what}, keeping the text and the schedule shown`, async () => {
      const store = cpuStore();
      await show(store);
      const before = store.getState().derived!.schedule;
      const dialog = openDialog();
      paste(dialog, text);
      if (message === null) expect(problemIn(dialog)).toMatch(/^✕ Line 2: /);
      else expect(problemIn(dialog)).toBe(`✕ ${message}`);
      const box = within(dialog).getByLabelText('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log') as HTMLTextAreaElement;
      expect([box.value, box.getAttribute('aria-invalid')]).toEqual([text, 'true']);
      expect(screen.getByRole('dialog', { name: 'Load a schedule or a log' })).toBe(dialog);
      expect(store.getState().custom).toBeNull();
      expect(store.getState().derived!.schedule).toBe(before);
      expect(store.getState().notices).toEqual([]);
    });
  }

  it('puts a picked file whose problem names a transfer into the box, its line marked, the problem under it', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    const file = new File([TO_DEVICE_9_OF_4], 'mine.json', { type: 'application/json' });
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [file] } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(problemIn(dialog)).toBe('✕ mine.json: step 1, transfer 1: dst 9 is out of range 0..3');
    const box = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe(TO_DEVICE_9_OF_4);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('From a file').getAttribute('aria-invalid')).toBe('false');
    expect(store.getState().custom).toBeNull();
  });

  it('says next to the file picker what is wrong with a picked file that names no line', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    const file = new File(['{"format": "gradsync-schedule/1"}'], 'header.json', { type: 'application/json' });
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [file] } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(problemIn(dialog)).toMatch(/^✕ header\.json: /);
    expect(within(dialog).getByLabelText('From a file').getAttribute('aria-invalid')).toBe('true');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
  });

  it('loads a .json file dropped anywhere on the root, with an overlay while dragging', async () => {
    const store = cpuStore();
    await show(store);
    const root = screen.getByTestId('root');
    const file = new File([JSON.stringify(buildSchedule({ algorithm: 'ring', devices: 5 }))], 'ring5.json', { type: 'application/json' });
    fireEvent.dragEnter(root, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop a schedule or an nccl-tests log to load it')).toBeTruthy();
    expect(screen.getByText('a gradsync-schedule/1 .json file or a *_perf output, up to 50 MiB')).toBeTruthy();
    fireEvent.drop(root, { dataTransfer: { types: ['Files'], files: [file] } });
    expect(screen.queryByText('Drop a schedule or an nccl-tests log to load it')).toBeNull();
    await waitFor(() => expect(store.getState().custom?.name).toBe('ring'), { timeout: 5000 });
    expect(store.getState().derived!.schedule.devices).toBe(5);
    expect(await screen.findByText('ring')).toBeTruthy();
  });

  it('says in the notices what is wrong with a dropped file', async () => {
    const store = cpuStore();
    await show(store);
    fireEvent.drop(screen.getByTestId('root'), {
      dataTransfer: { types: ['Files'], files: [new File([DEVICES_5000], 'big.json', { type: 'application/json' })] },
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(within(screen.getByRole('region', { name: 'Notices' })).getByRole('alert').textContent).toBe(
      '✕error: big.json has 5,000 devices; the app shows at most 1,024×',
    );
    expect(store.getState().custom).toBeNull();
  });

  it('refuses a dropped file that is neither .json nor an nccl-tests log with a notice', async () => {
    const store = cpuStore();
    await show(store);
    fireEvent.drop(screen.getByTestId('root'), { dataTransfer: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('alert').textContent).toMatch(/photo.png is neither a .json schedule nor an nccl-tests log/);
    expect(store.getState().custom).toBeNull();
  });

  it('loads a wrong schedule anyway and shows ✗ with its violation', async () => {
    const store = cpuStore();
    await show(store);
    const broken = ringWithoutTransfer(4, 0, 0);
    const violation = verifySchedule(broken).violation!.message;
    paste(openDialog(), JSON.stringify(broken));
    expect(store.getState().custom?.name).toBe('ring');
    expect(screen.getByText('✗ not verified')).toBeTruthy();
    expect(screen.getByText(violation)).toBeTruthy();
    expect(screen.getByText('✗ not verified').closest('.gs-custom-chip')!.getAttribute('title')).toBe(violation);
  });

  it('goes back to the algorithm from the chip', async () => {
    const store = cpuStore();
    await show(store);
    paste(openDialog(), JSON.stringify(buildSchedule({ algorithm: 'ring', devices: 3 })));
    fireEvent.click(screen.getByRole('button', { name: 'Back to gradsync’s ring' }));
    expect(store.getState().custom).toBeNull();
    expect(screen.queryByText('ring')).toBeNull();
  });

  it('starts from the current schedule: the text area holds JSON equal to it', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'start from the current schedule' }));
    const text = (within(dialog).getByLabelText('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log') as HTMLTextAreaElement).value;
    expect(JSON.parse(text)).toEqual(store.getState().derived!.schedule);
    expect(text.split('\n')).toContain('      { "src": 0, "dst": 1, "chunk": 0, "op": "reduce" },');
  });

  it('loads a file from the picker and closes', async () => {
    const store = cpuStore();
    await show(store);
    const dialog = openDialog();
    const file = new File([JSON.stringify(buildSchedule({ algorithm: 'tree', devices: 6 }))], 'tree6.json', { type: 'application/json' });
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [file] } });
    await waitFor(() => expect(store.getState().custom?.name).toBe('tree'), { timeout: 5000 });
    expect(store.getState().derived!.schedule.algorithm).toBe('tree');
    expect(screen.queryByRole('dialog')).toBeNull();
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
  it('refuses a file over the limit without reading it, saying its exact size and the limit', async () => {
    const file = new File(['{}'], 'huge.json');
    Object.defineProperty(file, 'size', { value: MAX_SCHEDULE_BYTES + 1 });
    await expect(readScheduleFile(file)).resolves.toEqual({
      ok: false,
      reason: 'huge.json is 52,428,801 bytes; a schedule file may be at most 52,428,800 bytes (50 MiB)',
    });
  });

  it('reads a file of exactly the limit', async () => {
    const ring3 = buildSchedule({ algorithm: 'ring', devices: 3 });
    const file = new File([JSON.stringify(ring3)], 'edge.json');
    Object.defineProperty(file, 'size', { value: MAX_SCHEDULE_BYTES });
    await expect(readScheduleFile(file)).resolves.toEqual({ ok: true, schedule: ring3 });
  });

  it('names the file in what is wrong inside it', async () => {
    await expect(readScheduleFile(new File(['{"x":1}'], 'mine.json'))).resolves.toEqual({
      ok: false,
      reason: 'mine.json: "format" must be "gradsync-schedule/1" or "gradsync-schedule/2", got nothing',
    });
  });

  it('turns an unreadable file into a message, never an exception', async () => {
    const notAFile = { name: 'gone.json', size: 10, type: 'application/json' } as File;
    const read = await readScheduleFile(notAFile);
    expect(read.ok).toBe(false);
    expect(read.ok ? '' : read.reason).toMatch(/^gone.json could not be read \(/);
  });
});
