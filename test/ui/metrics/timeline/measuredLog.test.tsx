// @vitest-environment jsdom
// An nccl-tests log given to the timeline's measured-run control — dropped on the timeline or picked
// with "Load measured run…" — goes to its comparison with the model, as the loader puts it there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createSimStore } from '../../../../src/store/simStore';
import { CalibrationPanel } from '../../../../src/ui/calibration/CalibrationPanel';
import { loadText } from '../../../../src/ui/loader/loadText';
import { Timeline } from '../../../../src/ui/metrics';
import { showWithStore } from '../../showWithStore';

// jsdom's import.meta.url is not a file address: the fixtures are found from the repository root.
const fixture = (name: string) => readFileSync(join(process.cwd(), 'test/fixtures/nccl-tests', name), 'utf8');
const textFile = (text: string, name: string, type = 'text/plain') => new File([text], name, { type });
const fileInput = () => screen.getByLabelText('Measured run (JSON) or nccl-tests log');
const COMPARISON = 'nccl-tests log against the model';

function show() {
  const store = showWithStore(
    <div data-testid="page">
      <CalibrationPanel />
      <Timeline />
    </div>,
    { algorithm: 'ring', devices: 8 },
  );
  const timeline = screen.getByRole('region', { name: 'Timeline' });
  return { store, timeline };
}

/** The log as the loader loads it, in a store of its own. */
function loadedByTheLoader(text: string, name: string) {
  const store = createSimStore({ config: { backend: 'cpu', algorithm: 'ring', devices: 8 }, gpu: null });
  expect(loadText(store.getState(), text, name)).toEqual({ ok: true, kind: 'log' });
  const { ncclLog } = store.getState();
  store.getState().dispose();
  return ncclLog;
}

function drop(target: Element, files: File[]) {
  const dataTransfer = { files, types: ['Files'] };
  fireEvent.dragEnter(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
}

describe('an nccl-tests log given to the timeline’s measured run', () => {
  it('dropped on the timeline, opens its comparison with the model as the loader would, and keeps the drop from the page', async () => {
    const { store, timeline } = show();
    let reachedPage = false;
    screen.getByTestId('page').addEventListener('drop', () => (reachedPage = true));
    const text = fixture('h100-1node.txt');
    drop(within(timeline).getByRole('button', { name: 'Load measured run…' }), [textFile(text, 'h100-1node.txt')]);

    const panel = await screen.findByRole('region', { name: COMPARISON });
    expect(store.getState().ncclLog).toEqual(loadedByTheLoader(text, 'h100-1node.txt'));
    expect(within(panel).getByRole('heading', { name: 'Measured and modelled: h100-1node.txt' })).toBeTruthy();
    expect(store.getState().measured).toBeNull();
    expect(within(timeline).queryByRole('alert')).toBeNull();
    expect(timeline.classList.contains('gs-timeline-dropping')).toBe(false);
    expect(reachedPage).toBe(false);
  });

  it('picked with "Load measured run…", whatever its name says, opens its comparison too', async () => {
    const { store } = show();
    const text = fixture('h100-2node-ib.txt');
    expect(fileInput().getAttribute('accept')!.split(',')).toEqual(expect.arrayContaining(['.json', '.txt', '.log', '.out']));
    fireEvent.change(fileInput(), { target: { files: [textFile(text, 'all_reduce.json', 'application/json')] } });
    await screen.findByRole('region', { name: COMPARISON });
    expect(store.getState().ncclLog).toEqual(loadedByTheLoader(text, 'all_reduce.json'));
    expect(store.getState().measured).toBeNull();
  });

  it('says what is wrong with a garbled log in one line at the control, and replaces nothing', async () => {
    const { store, timeline } = show();
    drop(timeline, [textFile(fixture('h100-1node.txt'), 'h100-1node.txt')]);
    await screen.findByRole('region', { name: COMPARISON });
    const shown = store.getState().ncclLog;

    drop(timeline, [textFile(fixture('all-reduce-garbled.txt'), 'garbled.txt')]);
    const alert = await within(timeline).findByRole('alert');
    expect(alert.textContent).toBe("✕ garbled.txt: line 14: algbw '2.6?' is not a number of GB/s");
    expect(screen.getByRole('button', { name: 'Load measured run…' }).getAttribute('aria-describedby')).toBe(alert.id);
    expect(store.getState().ncclLog).toBe(shown);

    // A log that loads clears the line.
    drop(timeline, [textFile(fixture('h100-2node-ib.txt'), 'ib.txt')]);
    await waitFor(() => expect(store.getState().ncclLog?.name).toBe('ib.txt'));
    expect(within(timeline).queryByRole('alert')).toBeNull();
  });

  it('refuses a file that is neither a measured trace nor a log, in one line at the control', async () => {
    const { store, timeline } = show();
    for (const [file, how] of [
      [textFile('just some notes\n', 'notes.txt'), 'drop'],
      [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'photo.png', { type: 'image/png' }), 'pick'],
    ] as const) {
      if (how === 'drop') drop(timeline, [file]);
      else fireEvent.change(fileInput(), { target: { files: [file] } });
      await waitFor(() =>
        expect(within(timeline).getByRole('alert').textContent).toBe(
          `✕ ${file.name} is neither a .json measured trace nor an nccl-tests log; give the JSON the torch program wrote with --trace, or a *_perf output`,
        ),
      );
    }
    expect(store.getState().ncclLog).toBeNull();
    expect(store.getState().measured).toBeNull();
    expect(screen.queryByRole('region', { name: COMPARISON })).toBeNull();
  });
});
