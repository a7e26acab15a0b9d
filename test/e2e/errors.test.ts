// Errors where the user is looking, in real Chromium: what is wrong with a schedule is said inside
// the Load dialog, bad URL values in notices on screen, the inspector follows the player, the
// hierarchical ring chooses its nodes, the engine menu says which engine runs, and names stay
// unambiguous past 26 devices.

import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { browserSession, onCpuEngine, skipReasonFor } from './session';

const skipReason = skipReasonFor('test/e2e/errors.test.ts');

const NOT_JSON = '{ "format": "gradsync-schedule/1", ';
const TO_DEVICE_9_OF_4 = JSON.stringify({
  ...buildSchedule({ algorithm: 'ring', devices: 4 }),
  steps: [{ phase: 'x', transfers: [{ src: 0, dst: 9, chunk: 0, op: 'reduce' }] }],
});
const DEVICES_5000 = JSON.stringify({ format: 'gradsync-schedule/1', collective: 'allreduce', algorithm: 'big', devices: 5000, chunks: 1, steps: [] });

describe.skipIf(skipReason !== null)('errors where they happen, in Chromium', () => {
  const session = browserSession();
  const files = mkdtempSync(join(tmpdir(), 'gradsync-errors-'));
  afterAll(() => rmSync(files, { recursive: true, force: true }));

  async function open(search: string, size = { width: 1280, height: 720 }, init?: () => void): Promise<Page> {
    const page = await session.open(search, init);
    await page.setViewportSize(size);
    await page.getByRole('region', { name: 'Narration' }).waitFor();
    return page;
  }

  async function openLoader(page: Page): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name: 'Load a schedule' });
    if ((await dialog.count()) === 0) await page.getByRole('button', { name: 'Load schedule…' }).click();
    return dialog;
  }

  /** One page for the pasted schedules: the dialog stays open after each failure. */
  let pastePage: Promise<Page> | null = null;
  const pasting = () => (pastePage ??= open(onCpuEngine('/')));

  /** Whether the whole of `locator` lies inside the page's viewport, and nothing covers or clips its middle. */
  async function onScreen(page: Page, locator: Locator): Promise<boolean> {
    const box = (await locator.boundingBox())!;
    const { width, height } = page.viewportSize()!;
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
    const seen = await locator.evaluate((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    });
    return inside && seen;
  }

  /** Pastes `text`, presses Load, and expects `message` in the dialog's alert, on screen and focused. */
  async function expectRefused(page: Page, text: string, message: string): Promise<void> {
    const dialog = await openLoader(page);
    await dialog.getByLabel('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log').fill(text);
    await dialog.getByRole('button', { name: 'Load', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect.poll(() => alert.innerText()).toBe(message);
    expect(await alert.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await onScreen(page, alert)).toBe(true);
    expect(await dialog.getByLabel('Or paste JSON, MSCCL XML, an nccl-tests log or NCCL’s own log').inputValue()).toBe(text);
    expect(await page.getByRole('button', { name: 'Back to gradsync’s ring' }).count()).toBe(0);
  }

  it('a malformed schedule shows its parse error inside the dialog', async () => {
    const page = await pasting();
    const reason = await page.evaluate((text) => {
      try {
        JSON.parse(text);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    }, NOT_JSON);
    await expectRefused(page, NOT_JSON, `✕ The schedule is not valid JSON (${reason})`);
  }, 60_000);

  it('an out-of-range device shows its error inside the dialog', async () => {
    const page = await pasting();
    await expectRefused(page, TO_DEVICE_9_OF_4, '✕ Step 1, transfer 1: dst 9 is out of range 0..3');
  }, 60_000);

  it('malformed MSCCL XML shows its line, element and attribute inside the dialog', async () => {
    const page = await pasting();
    await expectRefused(
      page,
      readFileSync('test/fixtures/msccl/bad_cnt.xml', 'utf8'),
      '✕ Line 11: <step s="0"> of GPU 1 threadblock 0: cnt must be 0..71, got 80',
    );
  }, 60_000);

  it('a 5,000-device schedule is refused inside the dialog with the limit', async () => {
    const page = await pasting();
    await expectRefused(page, DEVICES_5000, '✕ This schedule has 5,000 devices; the app shows at most 1,024');
  }, 60_000);

  it('a file over the size limit says its exact size and the limit', async () => {
    const path = join(files, 'huge.json');
    writeFileSync(path, '');
    truncateSync(path, 50 * 1024 * 1024 + 1);
    const page = await open(onCpuEngine('/'));
    const dialog = await openLoader(page);
    await dialog.getByLabel('From a file').setInputFiles(path);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('✕ huge.json is 52,428,801 bytes; a schedule or log file may be at most 52,428,800 bytes (50 MiB)');
    expect(await onScreen(page, alert)).toBe(true);
    await page.close();
  }, 60_000);

  it('a bad URL value shows a notice on screen at 1366×768', async () => {
    const page = await open(onCpuEngine('/?devices=abc&op=foo&elements=1e12'), { width: 1366, height: 768 });
    const notices = page.getByRole('region', { name: 'Notices' }).getByRole('status');
    await expect.poll(() => notices.count()).toBe(3);
    expect(await notices.locator('.gs-notice-text').allTextContents()).toEqual([
      'warning: devices must be an integer from 1 to 1024; got “abc”, using the default',
      'warning: elements must be an integer from 1 to 4194304; got “1e12”, using the default',
      'warning: op must be one of sum, avg, max, min, prod; got “foo”, using the default',
    ]);
    const play = page.getByRole('button', { name: 'Play (Space)' });
    const playBox = (await play.boundingBox())!;
    expect(await onScreen(page, play)).toBe(true);
    for (let i = 0; i < 3; i++) {
      const notice = notices.nth(i);
      expect(await onScreen(page, notice)).toBe(true);
      const box = (await notice.boundingBox())!;
      // Nothing of a notice lies over the player.
      expect(box.x >= playBox.x + playBox.width || box.y >= playBox.y + playBox.height || box.y + box.height <= playBox.y).toBe(true);
    }
    expect(await onScreen(page, page.getByRole('button', { name: 'Step forward (→)' }))).toBe(true);
    await page.close();
  }, 60_000);

  it('←/→ step with the inspector open and its values change', async () => {
    const page = await open('/?algorithm=ring&devices=4&backend=cpu');
    await page.locator('[data-device="1"]').first().click();
    const inspector = page.getByRole('dialog', { name: 'GPU-1 inspector' });
    const firstValue = inspector.getByRole('table').locator('tbody tr').first().locator('td').first();
    await firstValue.waitFor();
    const before = Number(await firstValue.innerText());
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => inspector.getByText('step 1 of 6', { exact: true }).count()).toBe(1);
    await expect.poll(async () => Number(await firstValue.innerText())).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Step forward (→)' }).click();
    await expect.poll(() => inspector.getByText('step 2 of 6', { exact: true }).count()).toBe(1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => inspector.getByText('step 1 of 6', { exact: true }).count()).toBe(1);
    expect(await inspector.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => inspector.count()).toBe(0);
    await page.close();
  }, 60_000);

  it('hierarchical-ring at 4 devices picks devices per node and draws', async () => {
    const page = await open('/');
    await page.getByRole('combobox', { name: 'Algorithm' }).selectOption('allreduce/hierarchical-ring');
    const perNode = page.getByRole('group', { name: 'Configuration' }).getByRole('spinbutton', { name: 'Devices per node' });
    await expect.poll(() => perNode.inputValue()).toBe('2');
    const steps = buildSchedule({ algorithm: 'hierarchical-ring', devices: 4, devicesPerNode: 2 }).steps.length;
    await expect.poll(() => page.locator('.gs-step-count').innerText()).toMatch(new RegExp(`^0 / ${steps}`));
    expect(await page.locator('.gs-devices [data-device]').count()).toBe(4);
    // The engine runs it: its caption names the engine instead of "starting…".
    await expect.poll(() => page.locator('.gs-engine-status').innerText(), { timeout: 20_000 }).toMatch(/^(WebGPU · |CPU engine)/);
    await expect.poll(() => new URL(page.url()).searchParams.get('devicesPerNode')).toBe('2');
    expect(await page.locator('body').innerText()).not.toContain('--');
    await page.close();
  }, 60_000);

  it('without WebGPU the engine menu says CPU and why', async () => {
    const page = await open('/', undefined, () => {
      Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined, configurable: true });
    });
    const menu = page.getByRole('combobox', { name: 'Engine' });
    await expect.poll(() => menu.locator('option:checked').innerText()).toBe('WebGPU (unavailable)');
    const caption = page.locator(`#${await menu.getAttribute('aria-describedby')}`);
    expect(await caption.innerText()).toBe('CPU — no WebGPU in this browser');
    expect(await caption.getAttribute('title')).toBe('WebGPU is not available in this browser; running on the CPU engine instead');
    await page.close();
  }, 60_000);

  it('GPU-26’s chunk 63 is g26₆₃', async () => {
    const page = await open('/?algorithm=ring&devices=64&backend=cpu');
    await page.locator('[data-device="26"]').first().click();
    const inspector = page.getByRole('dialog', { name: 'GPU-26 inspector' });
    const row = inspector.getByRole('button', { name: /^chunk 63\b/ });
    expect(await row.locator('.gs-chunk-expression').innerText()).toBe('g26₆₃');
    expect(await inspector.locator('.gs-inspector-letter').innerText()).toBe('(g26)');
    // After step 1, GPU-26's chunk 26 holds what GPU-25 sent it, added to its own.
    await page.keyboard.press('ArrowRight');
    const chunk26 = inspector.getByRole('button', { name: /^chunk 26\b/ }).locator('.gs-chunk-expression');
    await expect.poll(() => chunk26.innerText()).toBe('(g25₂₆+g26₂₆)');
    await page.close();
  }, 60_000);

  it('raises no console errors or warnings', () => {
    expect(session.problems).toEqual([]);
  });
});
