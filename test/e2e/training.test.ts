// train.html in real Chromium: the settings drive one iteration's two lanes, the memory bars and the
// words; the address follows them; Space plays the iteration; a bucket opens in the collective view;
// bad values in the address are one line each.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/training.test.ts');

describe.skipIf(skipReason !== null)('the training step in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;
  const open = (path: string): Promise<Page> => session.open(path);
  const figure = (page: Page, name: string) => page.locator('.gs-train-figures div').filter({ hasText: name }).locator('dd').innerText();

  it('draws GPT-2 XL on 64 devices under DDP, and ZeRO-3 when chosen, the address following', async () => {
    const page = await open('train.html');
    await expect.poll(() => page.locator('.gs-train-bar--allreduce').count()).toBe(49);
    expect(await page.locator('.gs-train-bar--forward').count()).toBe(50);
    expect(await page.locator('.gs-train-memory-rows li').count()).toBe(5);
    expect(await page.locator('.gs-train-memory-rows li.gs-chosen').innerText()).toContain('DDP');
    expect(await figure(page, 'memory / device')).toBe('23.2 GiB');
    await page.getByLabel('Strategy').selectOption('zero3');
    await expect.poll(() => page.locator('.gs-train-bar--allgather').count()).toBe(100);
    expect(await page.locator('.gs-train-bar--reduce-scatter').count()).toBe(50);
    expect(await figure(page, 'memory / device')).toBe('371 MiB');
    expect(await page.evaluate(() => location.search)).toBe('?strategy=zero3');
    expect(await page.locator('.gs-train-story').innerText()).toMatch(/all-gathers a layer's parameters before its forward and again before its backward/);
    await page.close();
  }, 60_000);

  it('switching overlap off makes the iteration the serial one, and Space plays the iteration', async () => {
    const page = await open('train.html?model=gpt2-small&devices=8');
    const serial = await figure(page, 'without overlap');
    await page.getByLabel('Overlap with compute').uncheck();
    await expect.poll(() => figure(page, 'iteration')).toBe(serial);
    expect(await page.evaluate(() => location.search)).toContain('overlap=off');
    // Space, with nothing focused.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('.gs-train-lanes-bar button').innerText()).toBe('Pause');
    await expect.poll(() => page.locator('.gs-train-now').innerText()).toMatch(/t = [1-9]/);
    await page.close();
  }, 60_000);

  it('opens a bucket’s all-reduce in the collective view', async () => {
    const page = await open('train.html?model=resnet50&devices=8');
    const href = await page.locator('.gs-train-lanes a').first().getAttribute('href');
    expect(href).toMatch(/^\.\/\?collective=allreduce&algorithm=ring&devices=8&elements=\d+$/);
    await page.close();
  }, 60_000);

  it('says each bad value of the address in one line and uses the default', async () => {
    const page = await open('train.html?model=gpt5&devices=abc');
    const notices = await page.locator('.gs-train-notices li').allInnerTexts();
    expect(notices).toEqual([
      'model must be one of resnet50, bert-base, gpt2-small, gpt2-xl, llama2-7b, custom; got “gpt5”; the default is used',
      'devices must be a whole number from 1 to 4,096; got “abc”; the default is used',
    ]);
    expect(await page.locator('.gs-train-bar--allreduce').count()).toBe(49);
    await page.close();
  }, 60_000);

  it('is linked from the app’s footer', async () => {
    const page = await open('/?algorithm=ring&devices=4&backend=cpu');
    expect(await page.locator('.gs-footer a', { hasText: 'a training step' }).getAttribute('href')).toBe('./train.html');
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
