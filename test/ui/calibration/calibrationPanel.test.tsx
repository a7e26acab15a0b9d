// @vitest-environment jsdom
// An nccl-tests log in the app: the loader tells it from a schedule by its content (paste, picker,
// drop), the panel draws every row against the fitted model with its residual, reads rows out from
// the keyboard, and "Use this fit in the model" makes the fit the model; a log that cannot be read is
// one line naming its line, and replaces nothing.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { calibrate } from '../../../src/core/ncclTests/calibration';
import { parseNcclTestsLog } from '../../../src/core/ncclTests/parseLog';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { CalibrationPanel } from '../../../src/ui/calibration/CalibrationPanel';
import { SimProvider } from '../../../src/ui/StoreContext';
import { PASTE_LABEL, pasteInLoader } from '../loader/pasteInLoader';
import { LoaderPage } from '../loader/LoaderPage';

// jsdom's import.meta.url is not a file address: the fixtures are found from the repository root.
const fixture = (name: string) => readFileSync(join(process.cwd(), 'test/fixtures/nccl-tests', name), 'utf8');
const TCPXO = fixture('h100-2node-tcpxo.txt');
const GARBLED = fixture('all-reduce-garbled.txt');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const stores: SimStore[] = [];

afterEach(() => {
  cleanup();
  while (stores.length) stores.pop()!.getState().dispose();
});

async function show(): Promise<SimStore> {
  const store = createSimStore({ config: { backend: 'cpu' }, gpu: null });
  stores.push(store);
  render(
    <SimProvider store={store}>
      <LoaderPage>
        <CalibrationPanel />
      </LoaderPage>
    </SimProvider>,
  );
  await act(settle);
  return store;
}

const paste = pasteInLoader;

const panel = () => screen.getByRole('region', { name: 'nccl-tests log against the model' });

describe('an nccl-tests log in the app', () => {
  it('pasted into the loader, shows every row against the fitted model and leaves the schedule as it was', async () => {
    const store = await show();
    const schedule = store.getState().derived!.schedule;
    paste(TCPXO);
    expect(screen.queryByRole('dialog')).toBeNull();
    const shown = panel();
    expect(within(shown).getByTestId('calibration-facts').textContent).toBe('all_reduce_perf · 16 × NVIDIA H100 80GB HBM3 · 2 nodes of 8');
    expect(shown.querySelectorAll('.gs-calibration-point')).toHaveLength(31);
    expect(shown.querySelectorAll('.gs-calibration-inplace')).toHaveLength(31);
    expect(shown.querySelectorAll('.gs-calibration-residual')).toHaveLength(31);
    expect([...shown.querySelectorAll('.gs-calibration-line')].map((line) => line.getAttribute('data-protocol'))).toEqual(['LL', 'LL128', 'Simple']);
    expect([...shown.querySelectorAll('.gs-calibration-model')].map((run) => run.getAttribute('data-protocol'))).toEqual(['LL', 'LL128', 'Simple']);
    expect(within(shown).getByTestId('calibration-error').textContent).toBe('median |error| 0.9 %, max 14.4 % over 31 rows (out-of-place times)');
    // The point of each row is the protocol its size is modelled with.
    const fit = calibrate(parseNcclTestsLog(TCPXO)).fit;
    expect([...shown.querySelectorAll('.gs-calibration-point')].map((p) => p.getAttribute('class')!.match(/gs-proto-(\w+)/)![1])).toEqual(
      fit.rows.map((row) => row.protocol),
    );
    expect(within(shown).getByRole('row', { name: /^Simple 889 182\.9$/ })).toBeTruthy();
    expect(document.activeElement).toBe(within(shown).getByRole('heading', { level: 2 }));
    expect(store.getState().custom).toBeNull();
    expect(store.getState().derived!.schedule).toBe(schedule);
  });

  it('reads rows out from the keyboard: ← → Home End move along the sizes', async () => {
    await show();
    paste(TCPXO);
    const chart = within(panel()).getByRole('group', { name: /^31 rows of busbw against message size/ });
    const readout = within(panel()).getByTestId('calibration-readout');
    expect(readout.textContent).toBe('8.00 GiB (8,589,934,592 B): measured 47.5 ms, busbw 339 GB/s; model 47.9 ms with Simple, +0.7 %');
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(readout.textContent).toBe('8 B: measured 136 µs, busbw 0.00011 GB/s; model 125 µs with LL, −7.9 %');
    fireEvent.keyDown(chart, { key: 'ArrowRight' });
    expect(readout.textContent).toMatch(/^16 B: measured 123 µs/);
    fireEvent.keyDown(chart, { key: 'End' });
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(readout.textContent).toMatch(/^4\.00 GiB \(4,294,967,296 B\): measured 24\.4 ms/);
    expect(chart.querySelectorAll('.gs-calibration-point.gs-calibration-selected')[0].getAttribute('data-bytes')).toBe('4294967296');
  });

  it('says what is wrong with a garbled pasted log in one line naming its line, keeping the log and the schedule shown', async () => {
    const store = await show();
    paste(TCPXO);
    const loaded = store.getState().ncclLog;
    const schedule = store.getState().derived!.schedule;
    const dialog = paste(GARBLED);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe("✕ Line 14: algbw '2.6?' is not a number of GB/s");
    expect(document.activeElement).toBe(alert);
    expect((within(dialog).getByLabelText(PASTE_LABEL) as HTMLTextAreaElement).value).toBe(GARBLED);
    expect(store.getState().ncclLog).toBe(loaded);
    expect(store.getState().derived!.schedule).toBe(schedule);
    expect(store.getState().custom).toBeNull();
  });

  it('names a picked file in its one line, and loads a good one from the picker', async () => {
    const store = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Load schedule…' }));
    const dialog = screen.getByRole('dialog', { name: 'Load a schedule or a log' });
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [new File([GARBLED], 'all-reduce-garbled.txt')] } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(within(dialog).getByRole('alert').textContent).toBe("✕ all-reduce-garbled.txt: line 14: algbw '2.6?' is not a number of GB/s");
    expect(store.getState().ncclLog).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('From a file'), { target: { files: [new File([fixture('h100-1node.txt')], 'h100-1node.txt')] } });
    await waitFor(() => expect(store.getState().ncclLog?.name).toBe('h100-1node.txt'), { timeout: 5000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panel().querySelectorAll('.gs-calibration-point')).toHaveLength(6);
  });

  it('loads a log dropped on the page, and says in the notices what is wrong with a garbled one', async () => {
    const store = await show();
    const root = screen.getByTestId('root');
    fireEvent.drop(root, { dataTransfer: { types: ['Files'], files: [new File([TCPXO], 'tcpxo.log')] } });
    await waitFor(() => expect(store.getState().ncclLog?.name).toBe('tcpxo.log'), { timeout: 5000 });
    expect(panel().querySelectorAll('.gs-calibration-point')).toHaveLength(31);
    fireEvent.drop(root, { dataTransfer: { types: ['Files'], files: [new File([GARBLED], 'garbled.txt')] } });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeNull(), { timeout: 5000 });
    expect(within(screen.getByRole('region', { name: 'Notices' })).getByRole('alert').textContent).toBe(
      "✕error: garbled.txt: line 14: algbw '2.6?' is not a number of GB/s×",
    );
    expect(store.getState().ncclLog?.name).toBe('tcpxo.log');
  });

  it('makes the fit the model: the ring on the log’s devices takes the Simple line, said in one line until the model is changed', async () => {
    const store = await show();
    paste(fixture('h100-1node.txt'));
    const use = within(panel()).getByRole('button', { name: 'Use this fit in the model' });
    const line = within(panel()).getByTestId('calibration-applied');
    expect(line.textContent).toMatch(/^Sets 8 devices on one switch, α 8\.998 µs per step and B 473\.1 GB\/s per port/);
    fireEvent.click(use);
    const { config } = store.getState();
    expect([config.devices, config.topology, config.latencyUs, config.bandwidthGBs, config.preset]).toEqual([8, 'switch', 8.9977, 473.148, null]);
    expect(store.getState().derived!.cost!.totalUs).toBeCloseTo(14 * 8.9977 + (14 * (4096 / 8)) / (473.148 * 1e3), 9);
    expect(line.textContent).toBe(
      "Set: 8 devices on one switch, α 8.998 µs per step and B 473.1 GB/s per port: the ring all-reduce's 14 steps take the fit's Simple line, 126 µs + 1.75·S / 473.1 GB/s. The machine menu holds it as fitted to this log.",
    );
    expect(use.getAttribute('aria-disabled')).toBe('true');
    act(() => store.getState().setConfig({ latencyUs: 5 }));
    expect(line.textContent).toMatch(/^Set earlier, changed since\. Sets 8 devices/);
    expect(use.getAttribute('aria-disabled')).toBe('false');
  });

  it('asks for the devices per node where the log does not tell them, and fits anew for them', async () => {
    const store = await show();
    paste(fixture('all-gather-out-of-place-only.txt'));
    const field = within(panel()).getByLabelText('devices per node') as HTMLInputElement;
    expect(field.value).toBe('8');
    expect(within(panel()).getByTestId('calibration-facts').textContent).toBe('all_gather_perf · 8 × NVIDIA B200 · one node');
    fireEvent.change(field, { target: { value: '3' } });
    expect(within(panel()).getByRole('alert').textContent).toBe("devices per node must divide the log's 8 devices, got 3");
    fireEvent.change(field, { target: { value: '4' } });
    expect(store.getState().ncclLog!.calibration!.fit.fabric).toBe('inter');
    expect(within(panel()).getByTestId('calibration-facts').textContent).toBe('all_gather_perf · 8 × NVIDIA B200 · 2 nodes of 4');
  });

  it('says why a broadcast log cannot be the model, and closes with ×', async () => {
    const store = await show();
    paste(fixture('broadcast-root-openmpi-tags.txt'));
    expect(within(panel()).getByRole('button', { name: 'Use this fit in the model' }).hasAttribute('disabled')).toBe(true);
    expect(within(panel()).getByText(/^Not available: gradsync's rings model all-reduce, all-gather and reduce-scatter/)).toBeTruthy();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Close the nccl-tests comparison' }));
    expect(screen.queryByRole('region', { name: 'nccl-tests log against the model' })).toBeNull();
    expect(store.getState().ncclLog).toBeNull();
  });
});
