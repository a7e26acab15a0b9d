// train.html's real run in Chromium: replicas train on WebGPU (SwiftShader in CI), the loss falls,
// synchronized replicas keep the same bits within the bound of one device on the whole batch, and
// with sync switched off they drift apart, in plain words.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/realRun.test.ts');

describe.skipIf(skipReason !== null)('the real training run in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;
  const section = (page: Page) => page.locator('section.gs-real');
  const figure = (page: Page, name: string) => section(page).locator('.gs-real-figures div').filter({ hasText: name }).locator('dd').innerText();

  it('trains synchronized replicas on WebGPU that keep the same bits, then drifting ones without sync', async () => {
    const page = await session.open('train.html');
    const real = section(page);
    await real.scrollIntoViewIfNeeded();
    await real.getByLabel('Steps').selectOption('20');
    await real.getByRole('button', { name: 'Train' }).click();
    await expect.poll(() => figure(page, 'step'), { timeout: 60_000 }).toBe('20 / 20');
    await expect.poll(() => real.locator('.gs-real-story').innerText()).toMatch(/The replicas held the same bits at every step, as ring guarantees/);
    expect(await real.locator('.gs-real-story').innerText()).toMatch(/within the rounding bound/);
    expect(await figure(page, 'replicas apart')).toBe('same bits');
    expect(await real.locator('.gs-real-engine').innerText()).toMatch(/^WebGPU: /);
    expect(await real.locator('.gs-real-weights tr').count()).toBe(4 + 2);
    expect(await real.locator('.gs-real-line').count()).toBe(4 + 1);
    const [start, end] = (await figure(page, 'loss, replicas')).split('–');
    expect(Number(end ?? start)).toBeLessThan(0.2);

    await real.getByLabel('Sync gradients').uncheck();
    await real.getByRole('button', { name: 'Train' }).click();
    await expect.poll(() => figure(page, 'step'), { timeout: 60_000 }).toBe('20 / 20');
    await expect.poll(() => real.locator('.gs-real-story').innerText()).toMatch(/Without sync each replica learns only its own shard/);
    expect(Number(await figure(page, 'replicas apart'))).toBeGreaterThan(0.1);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
