// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { torchProgram } from '../../../src/core/formats/torchProgram';
import { ring } from '../../../src/core/algorithms/ring';
import { tree } from '../../../src/core/algorithms/tree';
import type { Schedule } from '../../../src/core/schedule/ir';
import { scheduleJson } from '../../../src/core/formats/scheduleJson';
import { decodeScheduleParam } from '../../../src/core/formats/scheduleUrl';
import type { ChromeTrace } from '../../../src/core/formats/trace';
import type { SimConfig } from '../../../src/store/config';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { parseUrlState } from '../../../src/store/url';
import { DevicesView } from '../../../src/ui/devices/DevicesView';
import { ShareMenu } from '../../../src/ui/share/ShareMenu';
import { SimProvider } from '../../../src/ui/StoreContext';
import { captureDownloads, readText } from './downloads';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function makeStore(config: Partial<SimConfig> = {}, step = 0): SimStore {
  return createSimStore({ config: { backend: 'cpu', ...config }, step, gpu: null });
}

async function show(store: SimStore, withPicture = false) {
  render(
    <SimProvider store={store}>
      <div className="gs-root">
        <ShareMenu />
        {withPicture && <DevicesView />}
      </div>
    </SimProvider>,
  );
  await act(settle);
}

function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: /Share & export/ }));
  return screen.getByRole('dialog', { name: 'Share & export' });
}

async function choose(label: string) {
  const dialog = openMenu();
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: label }));
    await settle();
  });
  return dialog;
}

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: writeText ? { writeText } : undefined, configurable: true });
}

beforeEach(() => {
  // jsdom has no URL.createObjectURL; the tests that download define it through the spy.
  if (!('createObjectURL' in URL)) Object.assign(URL, { createObjectURL: () => '', revokeObjectURL: () => {} });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  stubClipboard(undefined);
});

describe('Share & export: copying', () => {
  it('copies the link to this configuration at this step', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    const store = makeStore({ algorithm: 'ring', devices: 6, latencyUs: 2 }, 2);
    await show(store);
    const dialog = await choose('Copy link');
    expect(writeText).toHaveBeenCalledTimes(1);
    const url = new URL(writeText.mock.calls[0][0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${location.origin}${location.pathname}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ algorithm: 'ring', devices: '6', latencyUs: '2', backend: 'cpu', step: '2' });
    expect(within(dialog).getByRole('status').textContent).toBe('Copied link');
  });

  it('shows the link selected in a read-only field, with a notice, when there is no clipboard', async () => {
    stubClipboard(undefined);
    const store = makeStore({ algorithm: 'ring', devices: 4 }, 3);
    await show(store);
    const dialog = await choose('Copy link');
    const field = within(dialog).getByLabelText(/Link: press Ctrl\+C/) as HTMLTextAreaElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe(`${location.origin}${location.pathname}?algorithm=ring&devices=4&backend=cpu&step=3`);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    expect(store.getState().notices.map((n) => n.text)).toContain('The clipboard is not available here: the link is selected below for you to copy');
  });

  it('falls back the same way when the clipboard refuses', async () => {
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await show(makeStore());
    const dialog = await choose('Copy embed code');
    expect((within(dialog).getByLabelText(/Embed code: press Ctrl\+C/) as HTMLTextAreaElement).value).toMatch(
      /^<script src="[^"]+\/embed\/gradsync\.js"><\/script>\n<gradsync-sim /,
    );
  });

  it('copies embed code with algorithm, devices and only the keys that differ from the defaults', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await show(makeStore({ algorithm: 'double-tree', devices: 8, elements: 4096, speed: 2, backend: 'webgpu' }, 5));
    await choose('Copy embed code');
    const [script, element] = writeText.mock.calls[0][0].split('\n');
    expect(script).toBe(`<script src="${new URL('embed/gradsync.js', location.href.split('?')[0]).href}"></script>`);
    // Shown at step 5: the figure opens there.
    expect(element).toBe('<gradsync-sim algorithm="double-tree" devices="8" elements="4096" speed="2" step="5"></gradsync-sim>');
  });

  it('copies the command line that reproduces the figures: gradsync run with the topology spelled out', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await show(makeStore({ algorithm: 'ring', devices: 16, elements: 1 << 20, latencyUs: 2.5 }));
    await choose('Copy command line');
    expect(writeText.mock.calls[0][0]).toBe(
      'npx gradsync run --algorithm ring --devices 16 --elements 1048576 --op sum --topology switch --latency-us 2.5 --bandwidth-gbs 100',
    );
  });
});

describe('Share & export: a loaded schedule', () => {
  /** A store showing `schedule` (loaded as a file) at `step`. */
  async function showLoaded(schedule: Schedule, step: number) {
    const store = makeStore({ latencyUs: 2 });
    store.getState().loadSchedule(JSON.stringify({ ...schedule, algorithm: 'my-tree' }), 'mine.json');
    store.getState().seek(step);
    await show(store);
    return store;
  }

  it('copies a link that carries the schedule and its step, which the app reads back', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    const schedule = tree.build({ devices: 6 });
    await showLoaded(schedule, 3);
    const dialog = await choose('Copy link');
    const url = new URL(writeText.mock.calls[0][0]);
    expect([...url.searchParams.keys()]).toEqual(['schedule', 'latencyUs', 'backend', 'step']);
    const back = parseUrlState(url.search);
    expect(back).toMatchObject({ step: 3, notices: [], config: { collective: 'allreduce', devices: 6, latencyUs: 2 } });
    expect(back.schedule).toEqual({ ...schedule, algorithm: 'my-tree' });
    expect(within(dialog).getByRole('status').textContent).toBe('Copied link');
  });

  it('copies embed code whose element carries the schedule', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    const schedule = tree.build({ devices: 6 });
    await showLoaded(schedule, 3);
    await choose('Copy embed code');
    const element = writeText.mock.calls[0][0].split('\n')[1];
    const attributes = new DOMParser().parseFromString(element, 'text/html').querySelector('gradsync-sim')!.attributes;
    expect([...attributes].map((a) => a.name)).toEqual(['schedule', 'latencyus', 'backend', 'step']);
    expect(decodeScheduleParam(attributes.getNamedItem('schedule')!.value)).toEqual({ ...schedule, algorithm: 'my-tree' });
  });

  it('says where the user clicked that a schedule is too large for a link, and copies nothing', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await showLoaded(ring.build({ devices: 32 }), 1);
    const dialog = await choose('Copy link');
    expect(writeText).not.toHaveBeenCalled();
    const status = within(dialog).getByRole('status');
    expect(status.textContent).toBe('This schedule is too large to share in a link (6.73 KiB compressed); download the schedule JSON instead');
    expect(status.className).toContain('gs-share-status--refused');
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    // Embed code has room for it.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy embed code' }));
      await settle();
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(status.textContent).toBe('Copied embed code');
    expect(status.className).not.toContain('refused');
  });

  it('says a schedule too large for embed code is too large to embed', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    stubClipboard(writeText);
    await showLoaded(ring.build({ devices: 64 }), 0);
    const dialog = await choose('Copy embed code');
    expect(writeText).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('status').textContent).toBe(
      'This schedule is too large to embed (26.4 KiB compressed); download the schedule JSON instead',
    );
  });
});

describe('Share & export: files', () => {
  it('downloads the schedule as JSON that parses back to the schedule shown', async () => {
    const saved = captureDownloads();
    await show(makeStore({ algorithm: 'ring', devices: 5 }));
    const dialog = await choose('Download schedule (JSON)');
    expect(saved.map((s) => s.name)).toEqual(['gradsync-ring-5gpu-schedule.json']);
    const text = await readText(saved[0].blob);
    expect(JSON.parse(text)).toEqual(ring.build({ devices: 5 }));
    // The same text `gradsync schedule` prints.
    expect(text).toBe(scheduleJson(ring.build({ devices: 5 })));
    expect(within(dialog).getByRole('status').textContent).toBe('Saved gradsync-ring-5gpu-schedule.json');
  });

  it('downloads the torch program of what is shown, with the op chosen, as gradsync export writes it', async () => {
    const saved = captureDownloads();
    await show(makeStore({ algorithm: 'ring', devices: 5, op: 'max' }));
    const dialog = await choose('Download torch program (.py)');
    expect(saved.map((s) => s.name)).toEqual(['gradsync-ring-5gpu-torch.py']);
    const text = await readText(saved[0].blob);
    expect(text).toBe(torchProgram(ring.build({ devices: 5 }), { op: 'max' }));
    expect(text).toContain('DEFAULT_OP = "max"');
    expect(within(dialog).getByRole('status').textContent).toBe('Saved gradsync-ring-5gpu-torch.py');
  });

  it('downloads the Chrome trace with one track per device', async () => {
    const saved = captureDownloads();
    await show(makeStore({ algorithm: 'ring', devices: 4 }));
    await choose('Download trace (JSON)');
    const trace = JSON.parse(await readText(saved[0].blob)) as ChromeTrace;
    expect(saved[0].name).toBe('gradsync-ring-4gpu-trace.json');
    expect(trace.traceEvents.filter((e) => e.name === 'thread_name').map((e) => e.tid)).toEqual([0, 1, 2, 3]);
    expect(trace.traceEvents.filter((e) => e.ph === 'X')).toHaveLength(24);
  });

  it('downloads the devices picture as a standalone SVG naming the devices', async () => {
    const saved = captureDownloads();
    await show(makeStore({ algorithm: 'ring', devices: 4 }, 2), true);
    await choose('Download SVG');
    // The fonts the file carries load with the first export.
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['gradsync-ring-4gpu-step2.svg']));
    const text = await readText(saved[0].blob);
    expect(text).toContain('@font-face{font-family:gradsync-sans');
    expect(text).toMatch(/<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    for (const name of ['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3']) expect(text).toContain(name);
    expect(text).toContain('<title>gradsync: ring on 4 devices, step 2 of 6</title>');
    expect(saved[0].blob.type).toBe('image/svg+xml');
  });

  it('says PNG and GIF are unavailable where there is no canvas, without throwing', async () => {
    const saved = captureDownloads();
    const store = makeStore({ algorithm: 'ring', devices: 4 }, 1);
    await show(store, true);
    await choose('Download PNG');
    const dialog = screen.getByRole('dialog', { name: 'Share & export' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record animation (GIF)' }));
      await settle();
    });
    expect(saved).toEqual([]);
    const notices = store.getState().notices.map((n) => n.text);
    expect(notices).toContain('PNG export needs a browser that can draw images into a canvas; it is not available here');
    expect(notices).toContain('Recording a GIF needs a browser that can draw images into a canvas; it is not available here');
    expect(store.getState().step).toBe(1);
  });

  it('says there is no picture when the devices view is not on the page', async () => {
    captureDownloads();
    const store = makeStore();
    await show(store);
    await choose('Download SVG');
    expect(store.getState().notices.map((n) => n.text)).toContain('There is no devices picture to export yet');
  });

  it('says saving is unavailable where object URLs are missing', async () => {
    const store = makeStore();
    await show(store);
    const original = URL.createObjectURL;
    Object.assign(URL, { createObjectURL: undefined });
    try {
      await choose('Download schedule (JSON)');
    } finally {
      Object.assign(URL, { createObjectURL: original });
    }
    expect(store.getState().notices.map((n) => n.text)).toContain('Saving files is not available in this browser');
  });
});

describe('Share & export: the menu', () => {
  it('is disabled while there is no schedule to share', async () => {
    const store = makeStore({ algorithm: 'ring', devices: 4, chunks: 6 });
    await show(store);
    expect(store.getState().derived).toBeNull();
    expect((screen.getByRole('button', { name: /Share & export/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens with focus on its first entry and closes on Escape, returning focus to the button', async () => {
    await show(makeStore());
    const button = screen.getByRole('button', { name: /Share & export/ });
    button.focus();
    const dialog = openMenu();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Copy link' }));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});

describe('Share & export: a schedule that does not verify', () => {
  it('warns above the links and downloads that they carry it as it is, and says nothing for a correct one', async () => {
    const broken = ring.build({ devices: 4 });
    broken.steps[0].transfers.shift();
    const store = makeStore();
    store.getState().loadSchedule(JSON.stringify(broken), 'broken.json');
    await show(store);
    const dialog = openMenu();
    await waitFor(() =>
      expect(within(dialog).getByText(/This schedule does not verify/).textContent).toBe(
        '✗ This schedule does not verify: what you share or download here runs it as it is, faults and all.',
      ),
    );
    cleanup();
    await show(makeStore());
    expect(within(openMenu()).queryByText(/does not verify/)).toBeNull();
  });
});
