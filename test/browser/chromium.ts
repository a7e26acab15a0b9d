// A real Chromium and the Vite dev server, for tests that drive pages: the WebGPU engine in the
// browser now, the app's end-to-end tests later. Nothing is downloaded: the system's Chromium is used.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { createServer, type InlineConfig } from 'vite';

export const CHROMIUM_MISSING = 'no Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** WebGPU on SwiftShader where there is no GPU, and nothing that reaches the network by itself. */
const FLAGS = [
  '--enable-unsafe-webgpu',
  '--use-webgpu-adapter=swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** CHROMIUM_PATH when set, else the first system Chromium that exists, else null. */
export function findChromium(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

export interface LaunchOptions {
  executablePath?: string;
  /** Flags added to the defaults. */
  args?: string[];
  headless?: boolean;
}

export interface LaunchedChromium {
  context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** Headless Chromium with WebGPU enabled, on a fresh profile that is removed on close. */
export async function launchChromium(options: LaunchOptions = {}): Promise<LaunchedChromium> {
  const executablePath = options.executablePath ?? findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  const profile = mkdtempSync(join(tmpdir(), 'gradsync-chromium-'));
  // Chromium refuses to start its sandbox as root.
  const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: options.headless ?? true,
      args: [...FLAGS, ...sandbox, ...(options.args ?? [])],
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

export interface ViteServer {
  /** Base address, such as http://localhost:41234/ (localhost, so pages are a secure context). */
  url: string;
  close(): Promise<void>;
}

/** The repository's Vite dev server on a free port, quiet and without hot reload. */
export async function startViteServer(overrides: InlineConfig = {}): Promise<ViteServer> {
  const server = await createServer({
    root: REPO_ROOT,
    logLevel: 'silent',
    ...overrides,
    server: { port: 0, strictPort: false, host: 'localhost', hmr: false, ...overrides.server },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') {
    await server.close();
    throw new Error('the Vite dev server did not report the port it listens on');
  }
  return { url: `http://localhost:${address.port}/`, close: () => server.close() };
}
