// A measured run in real Chromium on a classroom projector (1366×768): the torch program's --trace
// is picked with "Load measured run…", its strip appears under the model's timeline and on screen,
// a click on a measured step jumps there, and nothing scrolls sideways. The model's timeline switches
// to as soon as ready from the keyboard, on a projector and on a phone. An nccl-tests log dropped
// there opens its comparison with the model instead, as the loader would, and on screen.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { measuredTrace } from '../fixtures/measuredTrace';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/measured.test.ts');
const PROJECTOR = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const ncclTestsLog = (name: string) => readFileSync(new URL(`../fixtures/nccl-tests/${name}`, import.meta.url), 'utf8');

describe.skipIf(skipReason !== null)('a measured run in Chromium', () => {
  const session = browserSession();

  it('shows the measured strip under the model’s timeline on a projector, without sideways scrolling', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=4&elements=4096'));
    await page.setViewportSize(PROJECTOR);
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    const chooser = page.waitForEvent('filechooser');
    await timeline.getByRole('button', { name: 'Load measured run…' }).click();
    const trace = JSON.stringify(measuredTrace(ring.build({ devices: 4 })));
    await (await chooser).setFiles({ name: 'r4.trace.json', mimeType: 'application/json', buffer: Buffer.from(trace) });

    const strip = timeline.getByRole('group', { name: /^Measured run of 6 steps/ });
    await strip.waitFor();
    expect(await timeline.getByText('Measured — torch.distributed (gloo), 4,096 elements, sum').isVisible()).toBe(true);
    await strip.scrollIntoViewIfNeeded();
    const box = (await strip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PROJECTOR.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PROJECTOR.height);
    expect(await timeline.locator('.gs-measured-totals').innerText()).toMatch(
      /^Model [\d.]+ µs · measured [\d.]+ ms \([\d,]+× the model\)[\s\S]*r4\.trace\.json\s+Remove$/,
    );

    await strip.getByRole('button', { name: /^Measured step 4 of 6/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('4');
    await expect
      .poll(() => timeline.locator('.gs-timeline-band-current').evaluateAll((bands) => bands.map((b) => b.getAttribute('data-step'))))
      .toEqual(['4', '4']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.close();
  }, 60_000);

  it('switches the model’s timeline to as soon as ready from the keyboard, both totals beside each other, without sideways scrolling', async () => {
    for (const size of [PROJECTOR, PHONE]) {
      const page = await session.open(onCpuEngine('/?algorithm=double-tree&devices=8&elements=1048576'));
      await page.setViewportSize(size);
      const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
      await timeline.getByRole('radio', { name: 'step by step' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await timeline.getByRole('radio', { name: 'as soon as ready' }).isChecked()).toBe(true);
      const chart = timeline.getByRole('group', { name: 'Timeline as soon as ready over 8 rows: 130 µs in all, step by step 155 µs' });
      await chart.waitFor();
      expect(await timeline.locator('.gs-timeline-totals').innerText()).toBe('step by step 155 µs · as soon as ready 130 µs, 16% sooner');
      expect(await timeline.locator('.gs-timeline-bars > g').count()).toBe(8);
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.keyboard.press('ArrowLeft');
      await timeline.locator('.gs-timeline-band').first().waitFor();
      await page.close();
    }
  }, 60_000);

  it('opens the comparison with the model for an nccl-tests log dropped on the timeline, on screen, and loads nothing else', async () => {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=8&elements=4096'));
    await page.setViewportSize(PROJECTOR);
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    await timeline.getByRole('button', { name: 'Load measured run…' }).waitFor();
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'h100-1node.txt', { type: 'text/plain' }));
      const target = document.querySelector('.gs-measured-load')!;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, ncclTestsLog('h100-1node.txt'));

    const panel = page.getByRole('region', { name: 'nccl-tests log against the model' });
    await panel.waitFor();
    expect(await panel.getByRole('heading', { name: 'Measured and modelled: h100-1node.txt' }).isVisible()).toBe(true);
    expect(await panel.locator('.gs-calibration-point').count()).toBe(6);
    const box = (await panel.locator('.gs-calibration-chart').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PROJECTOR.height);
    // Nothing else took the drop: the ring is still shown, with no measured run and no error.
    expect(new URL(page.url()).searchParams.get('schedule')).toBeNull();
    expect(await timeline.getByRole('button', { name: 'Load measured run…' }).count()).toBe(1);
    expect(await timeline.getByRole('alert').count()).toBe(0);
    expect(await page.locator('.gs-notice-error').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
