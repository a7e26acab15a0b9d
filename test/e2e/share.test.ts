// Share & export in real Chromium: from the header's "Share & export", the Chrome trace has one
// track per device, the SVG names the devices, the PNG and GIF are real images, the GIF leaves the
// step where it was, and the link copied is the page's state. Runs on the preview page that frames
// the menu like the app's header, and on the app itself once its header has the menu.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChromeTrace } from '../../src/core/formats/trace';
import { browserSession, onCpuEngine, skipReasonFor } from './session';
import { gifFrames } from './gifFrames';

const skipReason = skipReasonFor('test/e2e/share.test.ts');

const STATE = onCpuEngine('?algorithm=ring&devices=4&step=2');
const appHasMenu = readFileSync(new URL('../../src/ui/app/App.tsx', import.meta.url), 'utf8').includes('<ShareMenu');
const PAGES = [{ name: 'the preview page', path: `/test/preview/share.html${STATE}` }, ...(appHasMenu ? [{ name: 'the app', path: `/${STATE}` }] : [])];

describe.skipIf(skipReason !== null)('Share & export in Chromium', () => {
  const session = browserSession({
    server: { optimizeDeps: { entries: ['index.html', 'test/preview/share.html'], include: ['gifenc'] } },
    afterLaunch: (s) => s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(s.server.url).origin }),
  });
  const problems = session.problems;

  async function open(path: string): Promise<Page> {
    const page = await session.open(path);
    await page.locator('.gs-devices svg.gs-devices-svg').waitFor();
    return page;
  }

  /** Opens the menu from the header (if closed) and saves what `entry` downloads. */
  async function download(page: Page, entry: string): Promise<Buffer> {
    const menu = page.getByRole('dialog', { name: 'Share & export' });
    if (!(await menu.isVisible())) await page.locator('header').getByRole('button', { name: /Share/ }).click();
    const [saved] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), menu.getByRole('button', { name: entry }).click()]);
    const path = await saved.path();
    return readFileSync(path);
  }

  for (const { name, path } of PAGES) {
    it(`downloads a Chrome trace with one track per device from ${name}`, async () => {
      const page = await open(path);
      const trace = JSON.parse((await download(page, 'Download trace (JSON)')).toString('utf8')) as ChromeTrace;
      const tracks = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name');
      expect(tracks.map((e) => [e.tid, (e.args as { name: string }).name])).toEqual([0, 1, 2, 3].map((d) => [d, `GPU-${d}`]));
      expect(new Set(trace.traceEvents.filter((e) => e.ph === 'X').map((e) => e.tid))).toEqual(new Set([0, 1, 2, 3]));
      await page.close();
    }, 60_000);

    it(`downloads the picture as SVG and PNG from ${name}`, async () => {
      const page = await open(path);
      const svg = (await download(page, 'Download SVG')).toString('utf8');
      expect(svg).toMatch(/<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('GPU-0');
      expect(svg).not.toContain('var(--');
      const png = await download(page, 'Download PNG');
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // 2× the picture: its width is in the IHDR chunk.
      const width = await page.locator('.gs-devices svg.gs-devices-svg').evaluate((svg) => Math.round(svg.getBoundingClientRect().width));
      expect(png.readUInt32BE(16)).toBe(2 * width);
      await page.close();
    }, 60_000);

    it(`records the run as an animated GIF and returns to the step shown, from ${name}`, async () => {
      const page = await open(path);
      const gif = await download(page, 'Record animation (GIF)');
      expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
      // Twice the 640 px a post shows it at.
      expect(gif.readUInt16LE(6)).toBe(1280);
      // Ring on 4 devices: 6 steps, so 7 frames.
      expect(gifFrames(gif)).toBe(7);
      await expect.poll(() => page.locator('.gs-devices svg.gs-devices-svg').getAttribute('aria-label')).toMatch(/Step 2 of 6\./);
      await page.close();
    }, 90_000);

    it(`copies the link to the exact step from ${name}`, async () => {
      const page = await open(path);
      await page.locator('header').getByRole('button', { name: /Share/ }).click();
      await page.getByRole('dialog', { name: 'Share & export' }).getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Copied link' }).count()).toBe(1);
      const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
      expect(Object.fromEntries(link.searchParams)).toMatchObject({ algorithm: 'ring', devices: '4', step: '2' });
      expect(link.pathname).toBe(new URL(path, session.server.url).pathname);
      await page.close();
    }, 60_000);
  }

  it('raises no console errors or warnings', () => {
    expect(problems).toEqual([]);
  });
});
