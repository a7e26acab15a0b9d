// Back to the source in real Chromium: the debugging engineer pastes an MSCCL ring whose GPU 2 step 5
// (rrc) stores into the wrong chunk, is told the transfer that broke it and where the XML writes it,
// and opens the text at that line, marked; a paste that cannot be read is marked at its line too.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { scheduleJson } from '../../src/core/formats/scheduleJson';
import { readScheduleWithSources } from '../../src/core/formats/transferSources';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/faultSource.test.ts');

/** The fixture ring with GPU 2's step 5 storing into chunk 1 (dstoff 0) instead of chunk 4: line 42. */
function wrongChunkRing(): string {
  const text = readFileSync('test/fixtures/msccl/allreduce_ring_rrc.xml', 'utf8');
  const step5 = text.indexOf('<step s="5" type="rrc" srcbuf="i" srcoff="3" dstbuf="i" dstoff="3"', text.indexOf('<gpu id="2"'));
  return text.slice(0, step5) + text.slice(step5).replace('dstoff="3"', 'dstoff="0"');
}

describe.skipIf(skipReason !== null)('from a fault to the line that causes it, in Chromium', () => {
  const session = browserSession();

  async function paste(text: string): Promise<Page> {
    const page = await session.open(onCpuEngine('/?algorithm=ring&devices=4'));
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByRole('region', { name: 'Narration' }).waitFor();
    await page.getByRole('button', { name: /Load schedule/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(text);
    await dialog.getByRole('button', { name: /^Load$/ }).click();
    return page;
  }

  /** Whether the band marking a line lies over the text box's visible part. */
  const markInSight = (page: Page) =>
    page.evaluate(() => {
      const band = document.querySelector('.gs-source-mark')?.getBoundingClientRect();
      const box = document.querySelector('.gs-loader-text')!.getBoundingClientRect();
      return band !== undefined && band.top >= box.top && band.bottom <= box.bottom;
    });

  it('names the transfer, where the XML writes it, and opens the text there', async () => {
    const page = await paste(wrongChunkRing());
    const panel = page.getByRole('region', { name: 'What went wrong' });
    await panel.waitFor();
    expect(await panel.locator('.gs-faults-cause').innerText()).toBe(
      "Most likely: step 3: GPU-1 → GPU-2 brings (a₄+b₄+d₄) of chunk 4 into GPU-2's input chunk 1, where chunk 1's result belongs: the first transfer to mix chunks (from the contributions alone)",
    );
    expect(await panel.locator('.gs-faults-source').innerText()).toBe('Written at gpu 2, tb 0, step s=5 (rrc), line 42. Show line 42 in the text');
    await panel.locator('.gs-faults-cause').click();
    await expect.poll(() => page.getByRole('region', { name: 'Narration' }).locator('h2').textContent()).toMatch(/^Step 3 of 6/);

    await panel.getByRole('button', { name: 'Show line 42 in the text' }).click();
    const dialog = page.getByRole('dialog');
    const box = dialog.getByRole('textbox');
    expect(await box.inputValue()).toBe(wrongChunkRing());
    expect(await dialog.locator('.gs-loader-mark-note').innerText()).toMatch(/^Line 42 \(marked\): gpu 2, tb 0, step s=5 \(rrc\): step 3: GPU-1 → GPU-2/);
    expect(await markInSight(page)).toBe(true);
    // The line is quoted whole under the box (which cuts it off), and the keyboard starts on it, selected.
    expect(await dialog.locator('.gs-loader-mark-line').innerText()).toBe(wrongChunkRing().split('\n')[41].trim());
    const selected = await box.evaluate((element: HTMLTextAreaElement) => ({
      focused: document.activeElement === element,
      text: element.value.slice(element.selectionStart, element.selectionEnd),
    }));
    expect(selected).toEqual({ focused: true, text: wrongChunkRing().split('\n')[41] });
    // The band stands on line 42: the line at its middle, read from the box's own layout.
    const lineUnderBand = await page.evaluate(() => {
      const band = document.querySelector('.gs-source-mark')!.getBoundingClientRect();
      const box = document.querySelector<HTMLTextAreaElement>('.gs-loader-text')!;
      const style = getComputedStyle(box);
      const y = band.top + band.height / 2 - box.getBoundingClientRect().top - parseFloat(style.paddingTop) - parseFloat(style.borderTopWidth) + box.scrollTop;
      return Math.floor(y / parseFloat(style.lineHeight)) + 1;
    });
    expect(lineUnderBand).toBe(42);
    // Fixed in the box and loaded again, it verifies.
    await box.fill(wrongChunkRing().replace(/(<step s="5" type="rrc" srcbuf="i" srcoff="3" dstbuf="i" )dstoff="0"/, '$1dstoff="3"'));
    await dialog.getByRole('button', { name: /^Load$/ }).click();
    await expect.poll(() => page.locator('.gs-custom-verdict').innerText()).toBe('✓ verified');
    // The fault's link is gone with the fault: the keyboard is back on the loader's button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Load schedule…');
    await page.close();
  }, 60_000);

  it('a JSON ring of mine: the likely cause at steps[4].transfers[0], and the other candidates folded under it', async () => {
    const mine = { ...ring.build({ devices: 4 }), algorithm: 'ring-of-mine' };
    mine.steps[4].transfers[0].dst = 2;
    const text = scheduleJson(mine);
    const page = await paste(text);
    const panel = page.getByRole('region', { name: 'What went wrong' });
    await panel.waitFor();
    expect(await panel.locator('.gs-faults-cause').innerText()).toBe(
      'Most likely: step 5: GPU-0 → GPU-2 copies chunk 1, where sending it to GPU-1 would make every result right (from the contributions alone)',
    );
    // The field to change, "dst", on the transfer's line.
    const line = readScheduleWithSources(text).sources[4][0]!.line;
    expect(text.split('\n')[line - 1]).toContain('"dst": 2');
    expect(await panel.locator('.gs-faults-source').innerText()).toBe(
      `Written at steps[4].transfers[0].dst, line ${line} (2 → 1). Show line ${line} in the text`,
    );
    // From the panel far down a 1024×768 page, the loader opens on screen, its title first.
    await page.setViewportSize({ width: 1024, height: 768 });
    await panel.getByRole('button', { name: `Show line ${line} in the text` }).click();
    const title = page.getByRole('dialog').getByRole('heading', { level: 2 });
    await expect.poll(() => title.evaluate((element) => element.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await markInSight(page)).toBe(true);
    await page.keyboard.press('Escape');
    await panel.getByText('Also possible (3)').click();
    expect(await panel.getByRole('list', { name: 'Other possible causes' }).getByRole('listitem').first().innerText()).toBe(
      'step 5: GPU-0 → GPU-1, chunk 1, copy is missing: adding it would make every result right',
    );
    await page.close();
  }, 60_000);

  it('a paste that cannot be read has its line marked', async () => {
    const text = wrongChunkRing().replace('cnt="1" depid="-1" deps="-1" hasdep="0"/>', 'cnt="99" depid="-1" deps="-1" hasdep="0"/>');
    const page = await paste(text);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('alert').innerText()).toMatch(/^✕ Line 5: <step s="0"> of GPU 0 threadblock 0: cnt must be/);
    expect(await markInSight(page)).toBe(true);
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
