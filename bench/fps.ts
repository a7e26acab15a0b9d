// Animation smoothness: frames per second of the app playing ring on 64 devices ÷ frames per second
// of the same app idle (ring on 64 devices, paused), 1400×900, in the same headless Chromium, one run.

import type { Page } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium';
import { servedBuild } from './served';

const SECONDS = 5;

/** Counted in the page; written as source text, since a bundled function would carry helpers the page lacks. */
const COUNT_FRAMES = `(seconds) => new Promise((resolve) => {
  let frames = 0;
  const started = performance.now();
  const tick = (now) => {
    frames++;
    if (now - started < seconds * 1000) requestAnimationFrame(tick);
    else resolve(frames / ((now - started) / 1000));
  };
  requestAnimationFrame(tick);
})`;

async function framesPerSecond(page: Page): Promise<number> {
  return page.evaluate(`(${COUNT_FRAMES})(${SECONDS})`) as Promise<number>;
}

export async function measureFps(): Promise<{ idle: number; app: number; devices: number }> {
  const server = await servedBuild();
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(new URL('?algorithm=ring&devices=64&speed=4', server.url).href);
    await page
      .getByRole('region', { name: 'Narration' })
      .getByText(/Each GPU starts/)
      .waitFor();
    await page.waitForTimeout(1500);
    const idle = await framesPerSecond(page);
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    const app = await framesPerSecond(page);
    await page.close();
    return { idle, app, devices: 64 };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { idle, app } = await measureFps();
  console.log(
    `the app idle: ${idle.toFixed(1)} fps; ring on 64 devices playing at 4 steps/s: ${app.toFixed(1)} fps; ratio ${(app / idle).toFixed(2)} (target ≥ 0.9)`,
  );
}
