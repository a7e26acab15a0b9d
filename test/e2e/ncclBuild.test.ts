// What NCCL built, in real Chromium at 1400×900: the loader's example log of 16 ranks on 2 hosts is
// drawn as each channel's ring and tree over the hosts, the whole of both on screen once loaded; the
// picker answers the arrow keys; "Play this ring" loads the channel as the app's schedule, verified,
// with the devices on screen in their hosts and the keyboard on the player; on a 1024×768 projector
// the ranks are drawn large; on a phone the view fits without sideways scrolling.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/ncclBuild.test.ts');
const WIDE = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1024, height: 768 };

async function loadExample(page: Page, name: string) {
  await page.getByRole('button', { name: 'Load schedule…' }).click();
  await page.getByRole('dialog', { name: 'Load a schedule or a log' }).getByRole('button', { name }).click();
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(skipReason !== null)('what NCCL built, in Chromium', () => {
  const session = browserSession();

  it('draws a channel’s ring and tree over the hosts, picks channels by key and plays one', async () => {
    const page = await session.open(onCpuEngine('/'), null, WIDE);
    await loadExample(page, 'a log of 16 ranks on 2 hosts');
    const panel = page.getByRole('region', { name: 'What NCCL built' });
    await panel.waitFor();
    expect(await panel.getByTestId('nccl-build-facts').innerText()).toContain('NCCL 2.26.2 · 16 ranks on 2 hosts');
    // Both pictures, whole, on screen once loaded.
    for (const picture of await panel.locator('.gs-build-picture').all()) {
      const box = (await picture.boundingBox())!;
      expect([box.x >= 0, box.y >= 0, box.x + box.width <= WIDE.width, box.y + box.height <= WIDE.height]).toEqual([true, true, true, true]);
    }
    // A rank's number is read at 14 px or more.
    const type = await panel
      .locator('.gs-build-rank-number')
      .first()
      .evaluate((text) => text.getBoundingClientRect().height);
    expect(type).toBeGreaterThanOrEqual(14);

    await panel.getByRole('radio', { name: '0', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await panel.getByRole('radio', { checked: true }).innerText()).toBe('2');
    const ring = panel.locator('figure', { has: page.getByRole('heading', { name: 'Ring of channel 2' }) });
    expect(await ring.innerText()).toContain('It crosses between hosts 2 times: 1 → 10 by NET/IB/2/GDRDMA; 9 → 2 by NET/IB/2/GDRDMA.');
    await ring.getByRole('button', { name: 'Play this ring' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.gs-custom-chip').innerText()).toContain('✓ verified');
    // The keyboard is handed to the player: Space plays the channel, not loads it again.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('gs-play'))).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => page.locator('.gs-play').getAttribute('aria-label')).toBe('Pause (Space)');
    // Played on its hosts: the devices stand in two boxes, one a node.
    expect(await page.locator('.gs-stage').innerText()).toContain('NODE 1');
    expect(await page.locator('.gs-custom-chip').innerText()).toContain('nccl-ring-2');
    // The schedule's name and verdict in the header, and the devices under it, on screen.
    const chip = (await page.locator('.gs-custom-chip').boundingBox())!;
    const stage = (await page.locator('.gs-stage').boundingBox())!;
    expect([chip.y >= 0, stage.y < WIDE.height / 2]).toEqual([true, true]);
    expect(session.problems).toEqual([]);
  });

  it('on a 1024×768 projector stacks the ring and the tree, to draw every rank’s number large', async () => {
    const page = await session.open(onCpuEngine('/'), null, PROJECTOR);
    await loadExample(page, 'a log of 16 ranks on 2 hosts');
    const panel = page.getByRole('region', { name: 'What NCCL built' });
    await panel.waitFor();
    const sizes = await panel.locator('.gs-build-rank-number').evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().height));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
    expect(await sideways(page)).toBe(0);
    // Closed, the keyboard goes back to the loader's button.
    await panel.getByRole('button', { name: 'Close what NCCL built' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Load schedule…');
    expect(session.problems).toEqual([]);
  });

  it('fits a phone, the topology too, without sideways scrolling', async () => {
    const page = await session.open(onCpuEngine('/'), null, PHONE);
    await loadExample(page, 'a log of 16 ranks on 2 hosts');
    await page.getByRole('region', { name: 'What NCCL built' }).waitFor();
    await loadExample(page, 'a topology dump of one host');
    await page.getByRole('heading', { name: /The machine NCCL saw/ }).waitFor();
    expect(await sideways(page)).toBe(0);
    expect(session.problems).toEqual([]);
  });
});
