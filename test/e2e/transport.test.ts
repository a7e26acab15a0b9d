// NCCL's protocol and channels in the α-β model, in real Chromium: a teacher on a classroom projector
// (1366×768) picks LL from the keyboard and sees the model time become LL's, the link carry it and
// the timeline's strip and key name it; a channel count narrows the port, one out of range is one
// sentence under the field that changes nothing, and an empty field fills the port again. A shared link
// with protocol=auto on a DGX H100 names the pick, the fastest, in the sentence and the timeline's
// key and keeps the machine; on a phone the fields are on screen and work. Nothing scrolls sideways.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { modelCost, type Topology } from '../../src/core/model/cost';
import { presetById, presetTopology } from '../../src/core/nccl/presets';
import type { Transport } from '../../src/core/model/transport';
import { formatMicroseconds } from '../../src/ui/format';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/transport.test.ts');
const PROJECTOR = { width: 1366, height: 768 };
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ELEMENTS = 65_536;
const TEACHER = `/?algorithm=ring&devices=8&elements=${ELEMENTS}`;

/** The model time the app shows for ring on 8 devices on its default switch (α 5 µs, B 100 GB/s) under `transport`. */
function switchTime(transport?: Transport): string {
  const topology: Topology = { kind: 'switch', latencyUs: 5, bandwidthGBs: 100, ...(transport ? { transport } : {}) };
  return formatMicroseconds(modelCost(buildSchedule({ algorithm: 'ring', devices: 8 }), ELEMENTS, topology).totalUs);
}

/** What the model shows of its transport, and what the link holds. */
async function shown(page: Page) {
  const url = new URL(page.url()).searchParams;
  return {
    time: await page.getByTestId('model-time').innerText(),
    protocol: url.get('protocol'),
    channels: url.get('channels'),
  };
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | HTMLSelectElement | null)?.labels?.[0]?.textContent ?? null);

describe.skipIf(skipReason !== null)('protocol and channels in Chromium', () => {
  const session = browserSession();

  it('a teacher picks LL and channels from the keyboard on a projector: the time, the link and the timeline follow', async () => {
    const page = await session.open(onCpuEngine(TEACHER));
    await page.setViewportSize(PROJECTOR);
    const metrics = page.getByRole('region', { name: 'Traffic and cost' });
    const protocol = metrics.getByLabel('protocol', { exact: true });
    const channels = metrics.getByRole('spinbutton', { name: 'channels', exact: true });
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    await expect.poll(() => shown(page)).toEqual({ time: switchTime(), protocol: null, channels: null });
    expect(await protocol.inputValue()).toBe('Simple');
    expect(await channels.inputValue()).toBe('');
    expect(await channels.getAttribute('placeholder')).toBe('5 fill');
    expect(await timeline.locator('.gs-latency-legend').innerText()).toContain('α (Simple, 5 channels)');

    // From the topology menu, Tab reaches the protocol menu; two steps down is LL (Simple, LL128, LL).
    await metrics.getByLabel('topology', { exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('protocol');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await protocol.inputValue()).toBe('LL');
    const ll = switchTime({ protocol: 'LL' });
    expect(ll).not.toBe(switchTime());
    await expect.poll(() => shown(page)).toEqual({ time: ll, protocol: 'LL', channels: null });
    expect(await metrics.getByTestId('transport-words').innerText()).toMatch(
      /^LL: α 0\.8824 µs per step; the port's 100 GB\/s, full \(5 channels × 20\.0 GB\/s fill it\)/,
    );
    await expect.poll(() => timeline.locator('.gs-latency-legend').innerText()).toContain('α (LL, 5 channels)');
    expect(await timeline.locator('.gs-latency-strip .gs-latency-wait').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+H/);
    expect(await timeline.locator('.gs-latency-strip .gs-latency-bytes').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+H/);

    // Tab on to channels and type 2: two channels × 20 GB/s of the port's 100.
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('channels');
    await page.keyboard.type('2');
    const two = switchTime({ protocol: 'LL', channels: 2 });
    expect(two).not.toBe(ll);
    await expect.poll(() => shown(page)).toEqual({ time: two, protocol: 'LL', channels: '2' });
    await expect.poll(() => timeline.locator('.gs-latency-legend').innerText()).toContain('α (LL, 2 channels)');

    // 99 at once (as pasted) is over NCCL's 64: one sentence under the field, and the model and link stay.
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('99');
    const alert = metrics.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe('channels must be a whole number ≥ 1 and at most 64, got 99');
    expect(await channels.getAttribute('aria-invalid')).toBe('true');
    const field = (await channels.boundingBox())!;
    const line = (await alert.boundingBox())!;
    // Its one sentence is just under the input, starting where it starts, inside the width.
    expect(line.y).toBeGreaterThanOrEqual(field.y + field.height - 1);
    expect(line.y).toBeLessThan(field.y + field.height + 24);
    expect(Math.abs(line.x - field.x)).toBeLessThan(2);
    expect(line.x + line.width).toBeLessThanOrEqual(PROJECTOR.width);
    expect(await shown(page)).toEqual({ time: two, protocol: 'LL', channels: '2' });
    expect(await sideways(page)).toBe(0);
    await page.screenshot({ path: '/tmp/gradsync-transport-projector-alert.png' });

    // An empty field fills the port again.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect.poll(() => shown(page)).toEqual({ time: ll, protocol: 'LL', channels: null });
    expect(await alert.count()).toBe(0);
    expect(await channels.getAttribute('placeholder')).toBe('5 fill');
    await expect.poll(() => timeline.locator('.gs-latency-legend').innerText()).toContain('α (LL, 5 channels)');

    await channels.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/gradsync-transport-projector.png' });
    await timeline.scrollIntoViewIfNeeded();
    await timeline.screenshot({ path: '/tmp/gradsync-transport-projector-timeline.png' });
    expect(await sideways(page)).toBe(0);
    await page.close();
  }, 60_000);

  it('a shared link with protocol=auto on a DGX H100 names the fastest in the sentence and the timeline, and keeps the machine', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=16&elements=262144&preset=dgx-h100&protocol=auto'));
    await page.setViewportSize(LAPTOP);
    const metrics = page.getByRole('region', { name: 'Traffic and cost' });
    const topology = { ...presetTopology(presetById('dgx-h100'), 16), transport: { protocol: 'auto' } } satisfies Topology;
    const cost = modelCost(buildSchedule({ algorithm: 'ring', devices: 16 }), 262_144, topology);
    const words = metrics.getByTestId('transport-words');
    await words.waitFor();
    expect(await words.innerText()).toMatch(new RegExp(`^${cost.protocol}, the fastest \\(`));
    expect(await metrics.getByTestId('model-time').innerText()).toBe(formatMicroseconds(cost.totalUs));
    const machine = metrics.getByLabel('machine', { exact: true });
    expect(await machine.inputValue()).toBe('dgx-h100');
    expect(await machine.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent)).toBe('DGX/HGX H100');
    expect(await metrics.getByLabel('protocol', { exact: true }).inputValue()).toBe('auto');
    const legend = page.getByRole('region', { name: 'Timeline', exact: true }).locator('.gs-latency-legend');
    expect(await legend.innerText()).toContain(`α (${cost.protocol}, 12 channels)`);
    expect(new URL(page.url()).searchParams.get('preset')).toBe('dgx-h100');
    expect(await sideways(page)).toBe(0);
    await page.close();
  }, 60_000);

  it('on a phone the fields are on screen and work, without sideways scrolling', async () => {
    const page = await session.open(onCpuEngine(TEACHER));
    await page.setViewportSize(PHONE);
    const metrics = page.getByRole('region', { name: 'Traffic and cost' });
    const protocol = metrics.getByLabel('protocol', { exact: true });
    const channels = metrics.getByRole('spinbutton', { name: 'channels', exact: true });
    await protocol.scrollIntoViewIfNeeded();
    for (const field of [protocol, channels]) {
      expect(await field.isVisible()).toBe(true);
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await protocol.selectOption('LL');
    await channels.fill('2');
    await expect.poll(() => shown(page)).toEqual({ time: switchTime({ protocol: 'LL', channels: 2 }), protocol: 'LL', channels: '2' });
    expect(await sideways(page)).toBe(0);
    await channels.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/gradsync-transport-phone.png' });
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    await timeline.scrollIntoViewIfNeeded();
    expect(await timeline.locator('.gs-latency-legend').innerText()).toContain('α (LL, 2 channels)');
    await page.screenshot({ path: '/tmp/gradsync-transport-phone-timeline.png' });
    expect(await sideways(page)).toBe(0);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
