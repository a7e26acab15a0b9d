// A Vite plugin for the built pages: each page's HTML starts the background worker itself, from a
// classic script at the top of its head, and tells it the page's address, so the worker loads, and
// prepares a large configuration the address names, while the page's own (much larger) script loads,
// instead of after it. The page's script takes the worker it finds (src/store/background/pageBackground.ts). The
// dev server has no bundle to name the worker's file, and starts it from the page's script as before.

import type { Plugin } from 'vite';
import { ADDRESS_MESSAGE, EARLY_WORKER_GLOBAL } from '../src/store/background/earlyWorker';

const WORKER_FILE = /(^|\/)background\.worker-[\w-]+\.js$/;

export function earlyWorker(): Plugin {
  let base = '/';
  return {
    name: 'gradsync-early-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const file = Object.keys(context.bundle ?? {}).find((name) => WORKER_FILE.test(name));
        if (!file) return [];
        const url = JSON.stringify(base + file);
        const start =
          `try { const worker = new Worker(new URL(${url}, document.baseURI), { type: 'module', name: 'gradsync-background' });` +
          ` worker.postMessage({ id: 0, kind: '${ADDRESS_MESSAGE}', search: location.search }); window.${EARLY_WORKER_GLOBAL} = worker; } catch (error) {}`;
        return [{ tag: 'script', children: start, injectTo: 'head-prepend' }];
      },
    },
  };
}
