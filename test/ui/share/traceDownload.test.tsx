// @vitest-environment jsdom
// Share › Download trace writes the trace the timeline's timing switch shows: step by step, or as soon
// as ready — the same file `gradsync trace --timing steps|dataflow` writes for the same schedule.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimConfig } from '../../../src/store/config';
import type { SimStore } from '../../../src/store/simStore';
import { Timeline } from '../../../src/ui/metrics';
import { ShareMenu } from '../../../src/ui/share/ShareMenu';
import { runCli } from '../../cli/helpers';
import { captureDownloads, readText } from './downloads';
import { showWithStore } from '../showWithStore';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function show(config: Partial<SimConfig>): Promise<SimStore> {
  const store = showWithStore(
    <div className="gs-root">
      <ShareMenu />
      <Timeline />
    </div>,
    config,
  );
  await act(settle);
  return store;
}

const shareDialog = () => {
  const open = screen.queryByRole('dialog', { name: 'Share & export' });
  if (open) return open;
  fireEvent.click(screen.getByRole('button', { name: /Share & export/ }));
  return screen.getByRole('dialog', { name: 'Share & export' });
};
const traceItem = () => within(shareDialog()).getByRole('button', { name: 'Download trace (JSON)' });
const timingRadio = (name: string) => within(screen.getByRole('group', { name: 'Timing' })).getByRole('radio', { name }) as HTMLInputElement;

async function downloadTrace(saved: { name: string; blob: Blob }[]): Promise<{ name: string; text: string }> {
  const item = traceItem();
  await act(async () => {
    fireEvent.click(item);
    await settle();
  });
  const last = saved[saved.length - 1];
  return { name: last.name, text: await readText(last.blob) };
}

async function cliTrace(argv: string[]): Promise<string> {
  const result = await runCli(['trace', ...argv]);
  expect(result.code, result.err).toBe(0);
  return result.out;
}

beforeEach(() => {
  // jsdom has no URL.createObjectURL; the spy defines it.
  if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => {} });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Share › Download trace follows the timeline’s timing', () => {
  const cases: { name: string; config: Partial<SimConfig>; argv: string[]; file: string }[] = [
    {
      name: 'double-tree on 8 devices on a switch',
      config: { algorithm: 'double-tree', devices: 8, elements: 1 << 20 },
      argv: ['--algorithm', 'double-tree', '--devices', '8', '--elements', String(1 << 20)],
      file: 'gradsync-double-tree-8gpu',
    },
    {
      name: 'hierarchical-ring on 8 devices in nodes of 4',
      config: { algorithm: 'hierarchical-ring', devices: 8, devicesPerNode: 4, elements: 4096 },
      argv: ['--algorithm', 'hierarchical-ring', '--devices', '8', '--devices-per-node', '4', '--elements', '4096'],
      file: 'gradsync-hierarchical-ring-8gpu',
    },
  ];

  for (const { name, config, argv, file } of cases) {
    it(`writes what gradsync trace writes, step by step and then as soon as ready, for ${name}`, async () => {
      const saved = captureDownloads();
      const store = await show(config);

      const steps = await downloadTrace(saved);
      expect(steps.name).toBe(`${file}-trace.json`);
      expect(steps.text).toBe(await cliTrace([...argv, '--timing', 'steps']));
      expect(within(shareDialog()).getByRole('status').textContent).toBe(`Saved ${file}-trace.json`);

      fireEvent.click(timingRadio('as soon as ready'));
      expect(store.getState().timelineTiming).toBe('dataflow');
      const asReady = await downloadTrace(saved);
      expect(asReady.name).toBe(`${file}-trace-as-soon-as-ready.json`);
      expect(asReady.text).toBe(await cliTrace([...argv, '--timing', 'dataflow']));
      expect((JSON.parse(asReady.text) as { otherData: { timing: string } }).otherData.timing).toBe('dataflow');
      expect(within(shareDialog()).getByRole('status').textContent).toBe(`Saved ${file}-trace-as-soon-as-ready.json`);

      fireEvent.click(timingRadio('step by step'));
      expect((await downloadTrace(saved)).name).toBe(`${file}-trace.json`);
    });
  }

  it('says in the item’s hint which timing it writes, following the switch while the menu is open', async () => {
    const store = await show({ algorithm: 'ring', devices: 4 });
    expect(traceItem().title).toBe('The model timeline step by step, as the timeline shows it, for Perfetto or chrome://tracing');
    act(() => store.getState().setTimelineTiming('dataflow'));
    expect(timingRadio('as soon as ready').checked).toBe(true);
    expect(traceItem().title).toBe('The model timeline as soon as ready, as the timeline shows it, for Perfetto or chrome://tracing');
  });
});
