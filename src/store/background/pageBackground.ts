// The pages' background worker (the app, the presenter and the iframe figure start one). Apart from
// background.ts so that the embeddable module, which starts none, does not carry the worker.

import { backgroundOver, type Background, type BackgroundPort } from './background';
import { EARLY_WORKER_GLOBAL } from './earlyWorker';

function startBackgroundWorker(): BackgroundPort | null {
  if (typeof Worker === 'undefined') return null;
  // A built page's HTML started it already, while this script loaded.
  const page = globalThis as unknown as Record<string, unknown>;
  const early = page[EARLY_WORKER_GLOBAL];
  if (early instanceof Worker) {
    delete page[EARLY_WORKER_GLOBAL];
    return early as unknown as BackgroundPort;
  }
  // Spelled out here so that Vite finds and bundles the worker.
  return new Worker(new URL('./background.worker.ts', import.meta.url), { type: 'module', name: 'gradsync-background' }) as unknown as BackgroundPort;
}

let started: Background | null | undefined;

/** The page's background, started on first use, or null where there are no workers (every schedule is then prepared here). */
export function pageBackground(): Background | null {
  if (started === undefined) {
    const port = startBackgroundWorker();
    started = port ? backgroundOver(port) : null;
  }
  return started;
}
