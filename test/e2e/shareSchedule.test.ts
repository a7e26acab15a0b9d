// A loaded schedule shared from the app in real Chromium: the copied link and the embed code show that
// schedule (not the algorithm it replaced), one too large for a link is refused in the menu, a new
// device count starts at step 0 in the app and in an embed, and an embed without WebGPU says nothing
// about engines to its readers.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { tree } from '../../src/core/algorithms/tree';
import { narrateStep } from '../../src/core/narration/narration';
import type { Schedule } from '../../src/core/schedule/ir';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/shareSchedule.test.ts');

const HOST = '/test/e2e/sharePages/host.html';
/** A schedule named by its own algorithm, which no built-in has. */
const MINE: Schedule = { ...tree.build({ devices: 6 }), algorithm: 'tree-of-mine' };

interface Figure extends HTMLElement {
  step(): void;
  readonly currentStep: number;
  readonly totalSteps: number;
}

describe.skipIf(skipReason !== null)('sharing a loaded schedule in Chromium', () => {
  const session = browserSession({
    server: { optimizeDeps: { entries: ['index.html', HOST.slice(1)], include: ['fflate'] } },
    afterLaunch: (s) => s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(s.server.url).origin }),
  });
  const problems = session.problems;

  const narration = (scope: Page | ReturnType<Page['locator']>) => scope.getByRole('region', { name: 'Narration' });
  const sentences = (scope: Page | ReturnType<Page['locator']>) => narration(scope).locator('li').allInnerTexts();
  const heading = (scope: Page | ReturnType<Page['locator']>) => narration(scope).locator('h2').textContent();

  /** The app on the CPU engine, which links and embed codes then carry (backend=cpu). */
  async function openApp(search: string, init?: () => void): Promise<Page> {
    const page = await session.open(onCpuEngine(`/${search}`), init);
    await narration(page).waitFor();
    return page;
  }

  async function load(page: Page, schedule: Schedule): Promise<void> {
    await page.getByRole('button', { name: /Load schedule/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Load a schedule' });
    await dialog.getByRole('textbox').fill(JSON.stringify(schedule));
    await dialog.getByRole('button', { name: /^Load$/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Chooses a share entry and returns the status line's text once it says something. */
  async function share(page: Page, entry: string): Promise<string> {
    const menu = page.getByRole('dialog', { name: 'Share & export' });
    if (!(await menu.isVisible())) await page.locator('header').getByRole('button', { name: /Share/ }).click();
    await menu.getByRole('button', { name: entry }).click();
    const status = menu.getByRole('status');
    await expect.poll(() => status.innerText()).not.toBe('');
    return status.innerText();
  }

  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  let hostPage: Page | null = null;
  /**
   * The host page, empty of figures. One page serves every embed test (loading it is the slow part);
   * it has no WebGPU, as many readers' browsers do not.
   */
  async function host(): Promise<Page> {
    if (!hostPage) {
      hostPage = await session.open(HOST, () => {
        Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
      });
      await hostPage.waitForFunction(() => customElements.get('gradsync-sim') !== undefined);
    }
    await hostPage.evaluate(() => document.querySelectorAll('gradsync-sim').forEach((figure) => figure.remove()));
    return hostPage;
  }

  it('a copied link after loading a schedule opens that schedule at its step, named by its own algorithm', async () => {
    const page = await openApp('?algorithm=ring&devices=4');
    await load(page, MINE);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => heading(page)).toMatch(new RegExp(`^Step 2 of ${MINE.steps.length}`));
    // The address bar carries the schedule while it is shown.
    await expect.poll(() => new URL(page.url()).searchParams.get('schedule')).not.toBeNull();
    expect(await share(page, 'Copy link')).toBe('Copied link');
    const link = new URL(await clipboard(page));
    expect([...link.searchParams.keys()]).toEqual(['schedule', 'backend', 'step']);
    await page.close();

    const opened = await openApp(link.search);
    expect(await opened.locator('.gs-custom-chip strong').innerText()).toBe('tree-of-mine');
    await expect.poll(() => heading(opened)).toMatch(new RegExp(`^Step 2 of ${MINE.steps.length}`));
    expect(await sentences(opened)).toEqual(narrateStep(MINE, 1).sentences);
    expect(await opened.locator('.gs-devices-svg').getAttribute('aria-label')).toMatch(/^6 devices/);
    // Picking a built-in algorithm drops the schedule from the address.
    await opened.getByRole('group', { name: 'Configuration' }).locator('select').first().selectOption('allreduce/ring');
    await expect.poll(() => new URL(opened.url()).searchParams.get('schedule')).toBeNull();
    expect(Object.fromEntries(new URL(opened.url()).searchParams)).toEqual({ algorithm: 'ring', devices: '6', backend: 'cpu' });
    await opened.close();
  }, 60_000);

  it('the embed code of a loaded schedule shows the same schedule', async () => {
    const page = await openApp('?algorithm=ring&devices=4');
    await load(page, MINE);
    expect(await share(page, 'Copy embed code')).toBe('Copied embed code');
    const element = (await clipboard(page)).split('\n')[1];
    expect(element).toMatch(/^<gradsync-sim schedule="[A-Za-z0-9_-]+" backend="cpu"><\/gradsync-sim>$/);
    await page.close();

    const embedding = await host();
    await embedding.evaluate((html) => document.body.insertAdjacentHTML('afterbegin', html), element);
    const figure = embedding.locator('gradsync-sim');
    await expect.poll(() => figure.evaluate((f: Figure) => [f.currentStep, f.totalSteps])).toEqual([0, MINE.steps.length]);
    expect(await figure.getByRole('group').first().getAttribute('aria-label')).toBe('gradsync: tree-of-mine allreduce on 6 devices');
    await figure.evaluate((f: Figure) => (f.step(), f.step()));
    await expect.poll(() => sentences(figure)).toEqual(narrateStep(MINE, 1).sentences);
  }, 60_000);

  it('a schedule too large for a link says so in the share menu, and the address names it and its step', async () => {
    const page = await openApp('?algorithm=ring&devices=4');
    await load(page, ring.build({ devices: 32 }));
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    expect(await share(page, 'Copy link')).toBe('This schedule is too large to share in a link (6.72 KiB compressed); download the schedule JSON instead');
    expect(await clipboard(page)).toBe('before');
    await page.keyboard.press('Escape');
    // The address cannot carry it either: it names it, follows its step and claims no algorithm.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ loaded: 'ring', backend: 'cpu', step: '1' });
    const address = new URL(page.url()).search;
    await page.close();

    // Opened, that address shows the built-in ring at step 0 and says why, on screen.
    const opened = await openApp(address);
    const notices = opened.getByRole('region', { name: 'Notices' }).getByRole('status');
    await expect.poll(() => notices.count()).toBe(1);
    expect(await notices.locator('.gs-notice-text').allTextContents()).toEqual([
      'warning: This link was made while showing “ring”, a loaded schedule too large to share in a link: load it again to see it (the built-in ring is shown until then)',
    ]);
    expect(await heading(opened)).toMatch(/^Before the first step/);
    await expect.poll(() => Object.fromEntries(new URL(opened.url()).searchParams)).toEqual({ algorithm: 'ring', devices: '4', backend: 'cpu' });
    await opened.close();
  }, 60_000);

  it('changing devices starts the new schedule at step 0, in the app and in an embed', async () => {
    const page = await openApp('?algorithm=ring&devices=4&step=2');
    await expect.poll(() => heading(page)).toMatch(/^Step 2 of 6/);
    const devices = page.getByRole('group', { name: 'Configuration' }).getByRole('spinbutton', { name: 'Devices' });
    await devices.fill('16');
    await devices.press('Enter');
    await expect.poll(() => page.locator('.gs-devices-svg').getAttribute('aria-label')).toMatch(/Step 0 of 30\.$/);
    expect(await heading(page)).toMatch(/^Before the first step/);
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ algorithm: 'ring', devices: '16', backend: 'cpu' });
    await page.close();

    const embedding = await host();
    const seen = await embedding.evaluate(async () => {
      document.body.insertAdjacentHTML('afterbegin', '<gradsync-sim algorithm="ring" devices="4" step="2"></gradsync-sim>');
      const figure = document.querySelector('gradsync-sim') as Figure;
      const events: unknown[] = [];
      figure.addEventListener('gradsync-step', (event) => events.push((event as CustomEvent).detail));
      const before = [figure.currentStep, figure.totalSteps];
      figure.setAttribute('devices', '16');
      return { before, events, after: [figure.currentStep, figure.totalSteps] };
    });
    expect(seen).toEqual({ before: [2, 6], events: [{ step: 0, total: 30 }], after: [0, 30] });
    await expect.poll(() => heading(embedding.locator('gradsync-sim'))).toMatch(/^Before the first step/);
  }, 60_000);

  it('an embed without WebGPU shows no banner to readers', async () => {
    const page = await host();
    await page.evaluate(() =>
      document.body.insertAdjacentHTML(
        'afterbegin',
        '<gradsync-sim id="fine" algorithm="ring" devices="4"></gradsync-sim><gradsync-sim id="bad" devices="abc"></gradsync-sim>',
      ),
    );
    const fine = page.locator('#fine');
    const bad = page.locator('#bad');
    await fine.evaluate((f: Figure) => f.step());
    await expect.poll(() => sentences(fine)).toContain('GPU-0 sends a₁ to GPU-1, where it gets added to b₁.');
    // The engine has had time to fall back (the app says so within this time); the figure says nothing.
    await page.waitForTimeout(1000);
    // What a reader sees: the figure's text, not its stylesheet.
    const text = await fine.evaluate((f) =>
      Array.from(f.shadowRoot!.children, (child) => (child.tagName === 'STYLE' ? '' : (child.textContent ?? '')))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
    expect(text).not.toMatch(/WebGPU|CPU engine/);
    expect(await fine.locator('.gs-notice, .gs-embed-note').count()).toBe(0);
    // A bad attribute is one small line for the page's author, inside the figure, and stays one.
    await bad.evaluate((f) => f.setAttribute('speed', '2'));
    const notes = bad.locator('.gs-embed-note');
    expect(await notes.allInnerTexts()).toEqual([expect.stringContaining('devices must be an integer from 1 to 1024; got “abc”, using the default')]);
    expect(await bad.locator('.gs-notice').count()).toBe(0);
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
