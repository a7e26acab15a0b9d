// Animation smoothness: frames per second of the app playing ring on 64 devices ÷ frames per second
// of an idle page, in the same headless Chromium, measured in one run.

import type { Page } from 'playwright-core';
import { launchChromium, startViteServer } from '../test/browser/chromium';

const SECONDS = 5;

async function framesPerSecond(page: Page): Promise<number> {
  return page.evaluate(
    (seconds) =>
      new Promise<number>((resolve) => {
        let frames = 0;
        const started = performance.now();
        const tick = (now: number) => {
          frames++;
          if (now - started < seconds * 1000) requestAnimationFrame(tick);
          else resolve(frames / ((now - started) / 1000));
        };
        requestAnimationFrame(tick);
      }),
    SECONDS,
  );
}

export async function measureFps(): Promise<{ idle: number; app: number; devices: number }> {
  const server = await startViteServer();
  const browser = await launchChromium();
  try {
    const idlePage = await browser.context.newPage();
    await idlePage.setViewportSize({ width: 1280, height: 720 });
    await idlePage.goto(new URL('test/e2e/idle.html', server.url).href);
    const idle = await framesPerSecond(idlePage);
    await idlePage.close();

    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(new URL('?algorithm=ring&devices=64&speed=4', server.url).href);
    await page.getByRole('region', { name: 'Narration' }).waitFor();
    await page.waitForTimeout(1500);
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
  console.log(`idle page: ${idle.toFixed(1)} fps; ring on 64 devices playing at 4 steps/s: ${app.toFixed(1)} fps; ratio ${(app / idle).toFixed(2)} (target ≥ 0.9)`);
}
