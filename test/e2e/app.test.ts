// The app in real Chromium, on the CPU engine (these tests are not about the GPU): a person walks ring
// on 4 devices through the seeds' sentences, steps back, loads a broken schedule and sees its
// violation, and opens the app where WebGPU is missing and sees the CPU notice.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { narrateStep } from '../../src/core/narration/narration';
import { verifySchedule } from '../../src/core/symbolic/verify';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/app.test.ts');

describe.skipIf(skipReason !== null)('the app in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;

  async function open(search: string, init?: () => void): Promise<Page> {
    const page = await session.open(search, init);
    await page.getByRole('region', { name: 'Narration' }).waitFor();
    return page;
  }

  /** Pastes a schedule into the loader and loads it; returns the dialog. */
  async function paste(page: Page, text: string) {
    await page.getByRole('button', { name: /Load schedule/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(text);
    await dialog.getByRole('button', { name: /^Load$/ }).click();
    return dialog;
  }
  const sentences = (page: Page) => page.getByRole('region', { name: 'Narration' }).locator('li').allInnerTexts();

  it('opens at the step the URL names, with its narration', async () => {
    const page = await open(onCpuEngine('/?algorithm=ring&devices=4&step=2'));
    expect(await sentences(page)).toContain('GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄.');
    await page.close();
  }, 60_000);

  it('walks ring on 4 devices through the seeds’ sentences with the keyboard, and steps back', async () => {
    const page = await open(onCpuEngine('/?algorithm=ring&devices=4'));
    const schedule = ring.build({ devices: 4 });
    for (let step = 1; step <= 6; step++) {
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => sentences(page)).toEqual(narrateStep(schedule, step - 1).sentences);
      await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe(String(step));
    }
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => sentences(page)).toEqual(narrateStep(schedule, 3).sentences);
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByRole('region', { name: 'Narration' }).innerText()).toMatch(/Each GPU starts with its own gradient/);
    await page.close();
  }, 60_000);

  it('loads an MSCCL XML ring by paste and steps through it in the seeds’ words', async () => {
    const page = await open(onCpuEngine('/?algorithm=ring&devices=4'));
    const dialog = await paste(page, readFileSync('test/fixtures/msccl/allreduce_ring_rrc.xml', 'utf8'));
    await expect.poll(() => dialog.count()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sentences(page)).toContain('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.');
    // Named by the XML's algo name, verified.
    const chip = page.locator('.gs-custom-chip');
    await expect.poll(() => chip.innerText()).toMatch(/allreduce_ring_rrc[\s\S]*✓ verified/);
    await page.close();
  }, 60_000);

  it('pictures an MSCCL algorithm that moves chunks through scratch: a shaded row per GPU, messages into it, the XML’s threadblocks named', async () => {
    const page = await open(onCpuEngine('/?algorithm=ring&devices=4'));
    const dialog = await paste(page, readFileSync('test/fixtures/msccl/allreduce_allpairs.xml', 'utf8'));
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.locator('.gs-custom-chip').innerText()).toMatch(/allreduce_allpairs[\s\S]*✓ verified/);
    // 4 GPUs, each with 8 chunks of its buffer and 6 of scratch.
    expect(await page.locator('.gs-dv-cell').count()).toBe(4 * (8 + 6));
    expect(await page.locator('.gs-dv-cell--scratch').count()).toBe(4 * 6);
    expect(await page.locator('.gs-devices-legend').innerText()).toContain('rows: input, scratch (shaded)');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sentences(page)).toContain('GPU-1 sends b₁ to GPU-0, which stores it in scratch chunk 1. channel 0 · threadblock 1 → 1');
    // What the step wrote is outlined where it landed, once its messages land: in scratch, 6 chunks on each GPU.
    await expect.poll(() => page.locator('.gs-dv-cell--scratch.gs-dv-cell--copy').count(), { timeout: 10_000 }).toBe(4 * 6);
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.gs-dv-cell--complete').count()).toBe(4 * 8);
    expect(await page.locator('.gs-dv-cell--flagged').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Narration' }).innerText()).toContain('Done: every device holds what the collective promises.');
    await page.close();
  }, 60_000);

  it('loads a broken schedule, steps through it and shows the first violation', async () => {
    const page = await open(onCpuEngine('/?algorithm=ring&devices=4'));
    const broken = ring.build({ devices: 4 });
    broken.steps[1].transfers.splice(2, 1);
    await paste(page, JSON.stringify(broken));
    await expect
      .poll(() =>
        page
          .getByText(/not verified|✗/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('End');
    const { violation } = verifySchedule(broken);
    // The faulty chunk is outlined on its device, and the message is said under the picture.
    await expect.poll(() => page.locator('.gs-dv-cell--flagged').count()).toBeGreaterThan(0);
    expect(await page.locator('.gs-devices-violation').innerText()).toContain(violation!.message);
    expect(await page.getByRole('region', { name: 'Narration' }).innerText()).toContain(`not correct — ${violation!.message}`);
    await page.close();
  }, 60_000);

  it('runs on the CPU engine with a visible notice where WebGPU is missing', async () => {
    const page = await open('/?algorithm=ring&devices=4', () => {
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
    });
    await expect.poll(() => page.getByText('WebGPU is not available in this browser; running on the CPU engine instead').isVisible()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => sentences(page)).toContain('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.');
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
