// Animation smoothness: frames per second of the app playing ring on 64 devices ÷ frames per second
// of an idle page, in the same headless Chromium, measured in one run.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build, preview } from 'vite';
import { launchChromium } from '../test/browser/chromium';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The production build, served locally: what a person opens (the dev server runs React's checks). */
async function servedBuild(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = mkdtempSync(join(tmpdir(), 'gradsync-fps-'));
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root: ROOT, logLevel: 'silent', build: { outDir }, preview: { port: 0, host: 'localhost' } });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}/`,
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

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
    const idlePage = await browser.context.newPage();
    await idlePage.setViewportSize({ width: 1280, height: 720 });
    await idlePage.setContent('<!doctype html><title>idle</title><p>An idle page.</p>');
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
