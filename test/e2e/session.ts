// What every end-to-end file shares: the skip rule (no Chromium is a visible skip, and a failure under
// CI=true), one Vite server and one Chromium per file, and pages that record console problems.

import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { InlineConfig } from 'vite';
import { CHROMIUM_MISSING, findChromium, launchChromium, startViteServer, type LaunchedChromium, type ViteServer } from '../browser/chromium';

const IN_CI = process.env.CI === 'true';
const chromiumPath = findChromium();

/** Why a file's browser tests are skipped, or null; under CI=true they never are. */
export function skipReasonFor(file: string): string | null {
  const reason = chromiumPath || IN_CI ? null : CHROMIUM_MISSING;
  if (reason) console.warn(`${file} skipped: ${reason}`);
  return reason;
}

/**
 * `path` on the CPU engine, for a page whose test is not about the WebGPU engine. On SwiftShader the
 * WebGPU engine compiles and runs its shaders on the CPU, in the browser process that also draws the
 * page's frames; beside the GPU tests on a small machine the frames then come late, and every click
 * waits for two frames that agree where its target is. A path that names its engine keeps it.
 */
export function onCpuEngine(path: string): string {
  if (/[?&]backend=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}backend=cpu`;
}

export interface BrowserSession {
  readonly server: ViteServer;
  readonly browser: LaunchedChromium;
  /** Console errors and warnings, and uncaught errors, of every page opened. */
  readonly problems: string[];
  /**
   * A tab on `path` of the server, recording its console problems under `path`; 1280×720 unless `size`
   * says, set before the page loads, so its first layout is the one measured.
   */
  open(path: string, init?: (() => void) | null, size?: { width: number; height: number }): Promise<Page>;
}

/** Starts the server and Chromium before the file's tests (call inside its describe) and stops them after. */
export function browserSession(options: { server?: InlineConfig; afterLaunch?(session: BrowserSession): Promise<void> } = {}): BrowserSession {
  const problems: string[] = [];
  let server: ViteServer | undefined;
  let browser: LaunchedChromium | undefined;
  const session: BrowserSession = {
    get server() {
      return server!;
    },
    get browser() {
      return browser!;
    },
    problems,
    async open(path, init, size = { width: 1280, height: 720 }) {
      const page = await browser!.context.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${path}: ${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
      if (init) await page.addInitScript(init);
      await page.goto(new URL(path, server!.url).href);
      return page;
    },
  };
  beforeAll(async () => {
    if (!chromiumPath) throw new Error(`${CHROMIUM_MISSING} (CI=true, where this test may not be skipped)`);
    server = await startViteServer(options.server);
    browser = await launchChromium({ executablePath: chromiumPath });
    await options.afterLaunch?.(session);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return session;
}
