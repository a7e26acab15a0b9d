// train.html in real Chromium: the settings drive one iteration's two lanes, the memory bars and the
// words; the sliders move by keyboard and the address follows them; Space plays the iteration; a
// bucket opens in the collective view; a parameter server's ports show which is saturated; bad values
// in the address are one line each. <gradsync-train> and train.html?embed=1 show the same figure in
// someone else's page.

import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/training.test.ts');

describe.skipIf(skipReason !== null)('the training step in Chromium', () => {
  const session = browserSession();
  const problems = session.problems;
  const open = (path: string): Promise<Page> => session.open(path);
  const figure = (page: Page, name: string) => page.locator('.gs-train-figures div').filter({ hasText: name }).locator('dd').innerText();
  /** Operations of a kind drawn in the run with overlap: a merged bar counts each it holds. */
  const drawn = (scope: Page | Locator, kind: string) =>
    scope
      .locator(`.gs-train-run--overlap .gs-train-bar--${kind}`)
      .evaluateAll((bars) => bars.reduce((sum, bar) => sum + Number(bar.getAttribute('data-ops')), 0));

  it('draws GPT-2 XL on 64 devices under DDP, and ZeRO-3 when chosen, the address following', async () => {
    const page = await open('train.html');
    await expect.poll(() => drawn(page, 'allreduce')).toBe(49);
    // 50 layers, the first of them the embedding lookup, which takes no time and is not drawn.
    expect(await drawn(page, 'forward')).toBe(49);
    expect(await page.locator('.gs-train-memory-rows li').count()).toBe(5);
    expect(await page.locator('.gs-train-memory-rows li.gs-chosen').innerText()).toContain('DDP');
    expect(await figure(page, 'memory / device')).toBe('23.2 GiB');
    await page.getByLabel('Strategy').selectOption('zero3');
    await expect.poll(() => drawn(page, 'allgather')).toBe(100);
    expect(await drawn(page, 'reduce-scatter')).toBe(50);
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

  it('with overlap off, draws the run without overlap first, as the one chosen, and says first what it does', async () => {
    const page = await open('train.html?overlap=off');
    const names = page.locator('.gs-train-lanes svg .gs-train-run-name');
    await expect.poll(() => names.allTextContents()).toEqual(['without overlap · 767 ms', 'with overlap · 680 ms']);
    expect(await names.first().getAttribute('class')).toContain('gs-train-run-name--chosen');
    expect(await names.last().getAttribute('class')).not.toContain('chosen');
    const top = async (run: string) => (await page.locator(`.gs-train-run--${run} .gs-train-op`).first().boundingBox())!.y;
    expect(await top('serial')).toBeLessThan(await top('overlap'));
    expect(await page.locator('.gs-train-status dt').allInnerTexts()).toEqual(['without overlap', 'with overlap']);
    expect(await page.locator('.gs-train-story').innerText()).toContain('after backward has ended');
    // Ticked again, the run with overlap leads.
    await page.getByLabel('Overlap with compute').check();
    await expect.poll(() => names.allTextContents()).toEqual(['with overlap · 680 ms', 'without overlap · 767 ms']);
    expect(await page.locator('.gs-train-status dt').allInnerTexts()).toEqual(['with overlap', 'without overlap']);
    await page.close();
  }, 60_000);

  it('plays <gradsync-train> on a phone (390×844) without moving its lanes: the words change in room kept for them', async () => {
    const page = await open('test/e2e/embedPages/train.html');
    await page.setViewportSize({ width: 390, height: 844 });
    const ps = page.locator('#ps');
    const lanes = ps.locator('.gs-train-lanes');
    await lanes.locator('.gs-train-op').first().waitFor();
    await lanes.scrollIntoViewIfNeeded();
    await lanes.getByLabel('Speed').selectOption('6');
    // Every frame while it plays: where the lanes are, how tall the words and the bar are, what the words say.
    await lanes.evaluate((root) => {
      const frames: { svg: number; status: number; bar: number; words: string }[] = [];
      (window as unknown as { laneFrames: typeof frames }).laneFrames = frames;
      const status = root.querySelector<HTMLElement>('.gs-train-status')!;
      const record = () => {
        frames.push({
          svg: root.querySelector('svg')!.getBoundingClientRect().top - root.getBoundingClientRect().top,
          status: status.offsetHeight,
          bar: root.querySelector<HTMLElement>('.gs-train-lanes-bar')!.offsetHeight,
          words: status.innerText,
        });
        if (frames.length < 4000) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await lanes.locator('.gs-train-lanes-bar button').click();
    await expect.poll(() => lanes.locator('.gs-train-now').innerText(), { timeout: 20_000 }).toBe('t = 1.17 s');
    const frames = await page.evaluate(() => (window as unknown as { laneFrames: { svg: number; status: number; bar: number; words: string }[] }).laneFrames);
    expect(new Set(frames.map((frame) => frame.words)).size).toBeGreaterThan(5);
    expect([...new Set(frames.map((frame) => `${frame.svg.toFixed(1)} ${frame.status} ${frame.bar}`))]).toHaveLength(1);
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
    expect(await drawn(page, 'allreduce')).toBe(49);
    await page.close();
  }, 60_000);

  it('is linked from the app’s footer', async () => {
    const page = await open('/?algorithm=ring&devices=4&backend=cpu');
    expect(await page.locator('.gs-footer a', { hasText: 'a training step' }).getAttribute('href')).toBe('./train.html');
    await page.close();
  }, 60_000);

  it('moves the devices and the model with the keyboard, and keeps a count typed exactly', async () => {
    const page = await open('train.html?model=gpt2-small&devices=8');
    const devices = page.getByRole('slider', { name: 'Devices' });
    await devices.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => devices.getAttribute('aria-valuetext')).toBe('16');
    expect(await page.evaluate(() => location.search)).toBe('?model=gpt2-small&devices=16');
    await page.getByRole('spinbutton', { name: 'Devices, any count' }).fill('48');
    await expect.poll(() => page.evaluate(() => location.search)).toBe('?model=gpt2-small&devices=48');
    expect(await devices.getAttribute('aria-valuetext')).toBe('48');
    expect(await page.locator('.gs-train-range--devices output').innerText()).toBe('48');
    const model = page.getByRole('slider', { name: 'Model' });
    await model.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => model.getAttribute('aria-valuetext')).toBe('ResNet-50 · 25.6 M');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => location.search)).toBe('?model=custom&devices=48');
    await page.getByRole('spinbutton', { name: 'Parameters' }).fill('2000000000');
    await expect.poll(() => page.evaluate(() => location.search)).toBe('?model=custom&params=2000000000&devices=48');
    expect(await page.getByRole('region', { name: 'Memory per device' }).locator('h2').innerText()).toMatch(/A custom model, 48 devices/i);
    await page.close();
  }, 60_000);

  it('shows a parameter server’s ports: each server’s saturated, carrying 8× a worker’s bytes, the workers’ mostly idle', async () => {
    const page = await open('train.html?strategy=ps&servers=8');
    const ports = page.getByRole('region', { name: 'Parameter server ports' });
    expect(await ports.locator('h3').innerText()).toBe('Ports · 64 workers push to and pull from 8 servers');
    const rows = ports.locator('.gs-train-port');
    expect(await rows.first().getAttribute('class')).toContain('gs-train-port--saturated');
    expect(await rows.first().innerText()).toMatch(/each server's port\s*×8\s*100% busy\s*saturated: 46.4 GiB an iteration, N\/K = 8× a worker's/);
    expect(await rows.nth(1).innerText()).toMatch(/each worker's port\s*×64\s*12% busy\s*5.80 GiB an iteration/);
    // The hot meter is drawn full, the worker's at its share.
    const widths = await ports
      .locator('.gs-train-port-meter')
      .evaluateAll((meters) => meters.map((m) => Math.round((m.firstElementChild!.getBoundingClientRect().width / m.getBoundingClientRect().width) * 100)));
    expect(widths[0]).toBeGreaterThanOrEqual(99);
    expect(widths[1]).toBeGreaterThanOrEqual(11);
    expect(widths[1]).toBeLessThanOrEqual(13);
    expect(await page.locator('.gs-train-story').innerText()).toContain("8× a worker's: it is saturated, busy 100% of the time pushes and pulls take");
    // More servers than workers: the workers' ports are the saturated ones.
    await page.getByLabel('Servers').fill('128');
    await expect.poll(() => rows.nth(1).getAttribute('class')).toContain('gs-train-port--saturated');
    expect(await rows.first().getAttribute('class')).not.toContain('saturated');
    await page.close();
  }, 60_000);

  it('draws <gradsync-train> in a blog’s column: lanes that play with Space while it has focus, ports, memory, words, links to the app', async () => {
    const page = await open('test/e2e/embedPages/train.html');
    const ps = page.locator('#ps');
    await expect.poll(() => drawn(ps, 'pull')).toBe(1);
    expect(await ps.getByRole('region', { name: 'Parameter server ports' }).locator('.gs-train-port--saturated .gs-train-port-name').innerText()).toMatch(
      /each server's port/,
    );
    expect(await ps.locator('.gs-train-memory-rows li').count()).toBe(5);
    expect(await ps.locator('.gs-train-embed-title').innerText()).toBe('GPT-2 XL on 64 devices · parameter server, 8 servers');
    expect(await ps.locator('.gs-train-story').innerText()).toContain('it is saturated');
    // The host's styles stay out.
    const inside = await ps.locator('.gs-train-lanes-bar button').evaluate((button) => ({
      background: getComputedStyle(button).backgroundColor,
      letterSpacing: getComputedStyle(button.closest('.gs-root')!).letterSpacing,
    }));
    expect(inside).not.toMatchObject({ background: 'rgb(255, 0, 0)' });
    expect(inside.letterSpacing).toBe('normal');
    // Space plays the figure that has focus, and not the other.
    await ps.locator('.gs-train-embed').focus();
    await page.keyboard.press(' ');
    await expect.poll(() => ps.locator('.gs-train-lanes-bar button').innerText()).toBe('Pause');
    expect(await page.locator('#bad .gs-train-lanes-bar button').innerText()).toBe('Play the iteration');
    // The bad figure: one line per bad attribute, the defaults used, its settings shown (controls="full").
    const bad = page.locator('#bad');
    expect(await bad.locator('.gs-embed-note-text').allInnerTexts()).toEqual([
      'model must be one of resnet50, bert-base, gpt2-small, gpt2-xl, llama2-7b, custom; got “gpt5”; the default is used',
      'devices must be a whole number from 1 to 4,096; got “<b>many</b>”; the default is used',
    ]);
    expect(await bad.locator('b').count()).toBe(0);
    await expect.poll(() => drawn(bad, 'allgather')).toBe(100);
    const href = await bad.locator('.gs-train-lanes a').first().getAttribute('href');
    expect(href).toBe(new URL(href!).href);
    expect(new URL(href!).origin + new URL(href!).pathname).toBe(new URL('/', page.url()).href);
    expect(await bad.locator('.gs-train-lanes a').first().getAttribute('target')).toBe('_blank');
    expect(await bad.getByRole('link', { name: 'Open in the training view ↗' }).getAttribute('href')).toBe(
      new URL('/train.html?strategy=zero3', page.url()).href,
    );
    // The reader's slider changes the figure; an attribute starts it again from the attributes.
    await bad.getByRole('slider', { name: 'Devices' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => bad.locator('.gs-train-embed-title').innerText()).toMatch(/^GPT-2 XL on 32 devices/);
    await page.evaluate(() => document.querySelector('#bad')!.setAttribute('devices', '16'));
    await expect.poll(() => bad.locator('.gs-train-embed-title').innerText()).toMatch(/^GPT-2 XL on 16 devices/);
    // An attribute named in camelCase, as the address writes it, is observed too (HTML lowers it): a block of
    // GPT-2 XL is 58.6 MiB, so 25 MiB buckets hold one block each and 100 MiB ones two.
    expect(await drawn(ps, 'push')).toBe(49);
    await page.evaluate(() => document.querySelector('#ps')!.setAttribute('bucketMb', '100'));
    await expect.poll(() => drawn(ps, 'push')).toBe(25);
    await page.close();
  }, 60_000);

  it('shows the same figure in an iframe from train.html?embed=1, which tells its parent its height', async () => {
    // The host page of embed.html's test, its iframe pointed at the training figure.
    const page = await open('test/e2e/embedPages/iframe.html');
    await page.evaluate(() => {
      (window as unknown as { __heights: number[] }).__heights = [];
      (document.getElementById('figure') as HTMLIFrameElement).src = '/train.html?embed=1&strategy=ps&model=gpt2-small&devices=16&servers=2';
    });
    const frame = page.frameLocator('#figure');
    await frame.getByRole('region', { name: 'Parameter server ports' }).waitFor();
    expect(await frame.locator('.gs-train-header, .gs-train-settings').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1) ?? 0)).toBeGreaterThan(600);
    const reported = await page.evaluate(() => (window as unknown as { __heights: number[] }).__heights.at(-1)!);
    expect(reported).toBe(await frame.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height)));
    expect(await frame.getByRole('link', { name: 'Open in the training view ↗' }).getAttribute('href')).toBe(
      './train.html?model=gpt2-small&devices=16&strategy=ps&servers=2',
    );
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
