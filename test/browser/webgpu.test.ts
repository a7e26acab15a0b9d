// The WebGPU engine on a real browser's WebGPU (Chromium; SwiftShader where there is no GPU) equals the
// CPU engine bit for bit on every equality case. The page test/browser/gpuHarness.html does the work;
// this test serves it with Vite, drives Chromium and judges what the page reports.

import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { describeScenario, gpuEquivalenceCases } from '../fixtures/scenarios';
import { CHROMIUM_MISSING, findChromium, launchChromium, startViteServer, type LaunchedChromium, type ViteServer } from './chromium';
import type { HarnessState } from './gpuHarness';

const IN_CI = process.env.CI === 'true';
const chromiumPath = findChromium();
/** The page runs every case in about 25 s on SwiftShader here; the rest is room for a busy machine. */
const HARNESS_TIMEOUT_MS = 120_000;
const SETUP_TIMEOUT_MS = HARNESS_TIMEOUT_MS + 60_000;

const skipReason = chromiumPath || IN_CI ? null : CHROMIUM_MISSING;
if (skipReason) console.warn(`test/browser/webgpu.test.ts skipped: ${skipReason}`);

interface HarnessRun {
  state: HarnessState;
  /** Console errors and warnings (Chromium reports uncaptured WebGPU validation errors as warnings). */
  consoleProblems: string[];
  seconds: number;
}

describe.skipIf(skipReason !== null)(`WebGPU engine in Chromium${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  let server: ViteServer | undefined;
  let browser: LaunchedChromium | undefined;
  let run: HarnessRun;

  beforeAll(async () => {
    if (!chromiumPath) throw new Error(`${CHROMIUM_MISSING} (CI=true, where this test may not be skipped)`);
    server = await startViteServer();
    browser = await launchChromium({ executablePath: chromiumPath });
    run = await runHarness(browser, new URL('test/browser/gpuHarness.html', server.url).href);
    const { state } = run;
    if (state.unavailable !== null && !IN_CI) console.warn(`test/browser/webgpu.test.ts skipped: Chromium has no WebGPU adapter: ${state.unavailable}`);
    else console.log(`Chromium WebGPU adapter: ${state.adapter ?? 'none'}; ${state.results.length} cases in ${run.seconds.toFixed(1)} s`);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** No adapter fails under CI and is a visible skip elsewhere. */
  function requireAdapter(context: TestContext): void {
    const { unavailable } = run.state;
    if (unavailable === null) return;
    if (IN_CI) throw new Error(`Chromium has no WebGPU adapter (CI=true, where this test may not be skipped): ${unavailable}`);
    context.skip(`Chromium has no WebGPU adapter: ${unavailable}`);
  }

  it('finishes the page without an error, on a named WebGPU adapter', (context) => {
    expect(run.state.error).toBeNull();
    requireAdapter(context);
    expect(run.state.adapter).toMatch(/\S/);
  });

  it('runs every equality case and each leaves the WebGPU engine bit-for-bit equal to the CPU engine', (context) => {
    requireAdapter(context);
    expect(run.state.results.map((result) => result.name)).toEqual(gpuEquivalenceCases().map(describeScenario));
    const unequal = run.state.results
      .filter((result) => !result.equal)
      .map((result) => `${result.name}: element ${result.firstDifference}: ${result.difference}`);
    expect(unequal).toEqual([]);
  });

  it('runs a whole schedule in one submission, and stepped submits once a step and reads nothing back', (context) => {
    requireAdapter(context);
    expect(run.state.results.length).toBeGreaterThan(0);
    const wrong = run.state.results
      .filter((r) => r.submissions !== Math.min(1, r.steps) || r.steppedSubmissions !== r.steps || r.readbacksWhileStepping !== 0)
      .map((r) => `${r.name}: ${r.submissions} submissions whole, ${r.steppedSubmissions} stepped for ${r.steps} steps, ${r.readbacksWhileStepping} readbacks`);
    expect(wrong).toEqual([]);
  });

  it('logs no console error or warning on the page', () => {
    expect(run.consoleProblems).toEqual([]);
  });
});

async function runHarness(browser: LaunchedChromium, url: string): Promise<HarnessRun> {
  const page = await browser.context.newPage();
  const consoleProblems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') consoleProblems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleProblems.push(`uncaught: ${error.message}`));
  const started = performance.now();
  await page.goto(url);
  try {
    await page.waitForFunction(() => window.__gradsync?.done === true, undefined, { timeout: HARNESS_TIMEOUT_MS, polling: 250 });
  } catch (error) {
    const summary = await page.textContent('#summary').catch(() => '(the page could not be read)');
    throw new Error(
      `the harness page did not finish within ${HARNESS_TIMEOUT_MS / 1000} s (${(error as Error).message.split('\n')[0]}); it shows:\n${summary}`,
    );
  }
  const state = (await page.evaluate(() => window.__gradsync)) as HarnessState;
  const seconds = (performance.now() - started) / 1000;
  await page.close();
  return { state, consoleProblems, seconds };
}
