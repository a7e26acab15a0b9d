// An nccl-tests log in real Chromium: pasted into the loader on a classroom projector (1366×768), its
// rows are drawn against the fitted model with the median error, read out from the keyboard, and
// "Use this fit in the model" sets the model's α and B (and the link); a garbled log is one line
// naming its line and replaces nothing; on a phone a log dropped on the page is drawn without
// sideways scrolling.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/calibration.test.ts');
const PROJECTOR = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const fixture = (name: string) => readFileSync(new URL(`../fixtures/nccl-tests/${name}`, import.meta.url), 'utf8');

async function paste(page: Page, text: string) {
  await page.getByRole('button', { name: 'Load schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Load a schedule or a log' });
  await dialog.getByLabel('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log').fill(text);
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  return dialog;
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(skipReason !== null)('an nccl-tests log in Chromium', () => {
  const session = browserSession();

  it('draws a pasted log against the fitted model and makes the fit the model, on a projector', async () => {
    const page = await session.open(onCpuEngine('/'));
    await page.setViewportSize(PROJECTOR);
    await paste(page, fixture('h100-2node-tcpxo.txt'));
    const panel = page.getByRole('region', { name: 'nccl-tests log against the model' });
    await panel.waitFor();
    expect(await panel.locator('.gs-calibration-point').count()).toBe(31);
    expect(await panel.locator('.gs-calibration-inplace').count()).toBe(31);
    expect(await panel.getByTestId('calibration-error').innerText()).toBe('median |error| 0.9 %, max 14.4 % over 31 rows (out-of-place times)');
    expect(await panel.getByTestId('calibration-facts').innerText()).toBe('all_reduce_perf · 16 × NVIDIA H100 80GB HBM3 · 2 nodes of 8');
    // The chart is on screen, whole, once the log is loaded.
    const box = (await panel.locator('.gs-calibration-chart').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PROJECTOR.width);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PROJECTOR.height);
    expect(await sideways(page)).toBe(0);

    await panel.getByRole('group', { name: /^31 rows of busbw/ }).focus();
    await page.keyboard.press('Home');
    expect(await panel.getByTestId('calibration-readout').innerText()).toBe('8 B: measured 136 µs, busbw 0.00011 GB/s; model 125 µs with LL, −7.9 %');

    await panel.getByRole('button', { name: 'Use this fit in the model' }).click();
    const metrics = page.getByRole('region', { name: 'Traffic and cost' });
    await expect.poll(() => metrics.getByLabel('latency α').inputValue()).toBe('29.6345');
    expect(await metrics.getByLabel('bandwidth B').inputValue()).toBe('342.899');
    expect(await panel.getByTestId('calibration-applied').innerText()).toMatch(/^Set: 16 devices, the log's 2 nodes of 8 as one switch, α 29\.63 µs per step/);
    const url = new URL(page.url()).searchParams;
    expect([url.get('devices'), url.get('topology'), url.get('latencyUs'), url.get('bandwidthGBs')]).toEqual(['16', 'switch', '29.6345', '342.899']);
    // The ring's model time at the app's 4 KiB is the fit's Simple line there: 889 µs + 4,096 B / 182.9 GB/s.
    expect(await metrics.getByTestId('model-time').innerText()).toBe('889 µs');

    const dialog = await paste(page, fixture('all-reduce-garbled.txt'));
    expect(await dialog.getByRole('alert').innerText()).toBe("✕ Line 14: algbw '2.6?' is not a number of GB/s");
    expect(await panel.getByTestId('calibration-facts').innerText()).toBe('all_reduce_perf · 16 × NVIDIA H100 80GB HBM3 · 2 nodes of 8');
    expect(await panel.locator('.gs-calibration-point').count()).toBe(31);
    await page.close();
  }, 60_000);

  it('loads a log dropped on the page on a phone, without sideways scrolling', async () => {
    const page = await session.open(onCpuEngine('/?devices=8'));
    await page.setViewportSize(PHONE);
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'h100-1node.txt', { type: 'text/plain' }));
      const target = document.querySelector('.gs-main')!;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, fixture('h100-1node.txt'));
    const panel = page.getByRole('region', { name: 'nccl-tests log against the model' });
    await panel.waitFor();
    expect(await panel.locator('.gs-calibration-point').count()).toBe(6);
    expect(await panel.getByTestId('calibration-error').innerText()).toBe('median |error| 1.5 %, max 2.9 % over 6 rows (out-of-place times)');
    const box = (await panel.locator('.gs-calibration-chart').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(await sideways(page)).toBe(0);
    await panel.getByRole('button', { name: 'Close the nccl-tests comparison' }).click();
    expect(await panel.count()).toBe(0);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
