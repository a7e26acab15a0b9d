// A Vite plugin for the built pages: each page's HTML starts the background worker itself, from a
// classic script at the top of its head, so the worker's module loads and compiles while the page's
// own (much larger) script does, instead of after it. The page's script takes the worker it finds
// (src/store/pageBackground.ts). The dev server has no bundle to name the worker's file, and starts it
// from the page's script as before.

import type { Plugin } from 'vite';
import { EARLY_WORKER_GLOBAL } from '../src/store/earlyWorker';

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
        const start = `try { window.${EARLY_WORKER_GLOBAL} = new Worker(new URL(${url}, document.baseURI), { type: 'module', name: 'gradsync-background' }); } catch (error) {}`;
        return [{ tag: 'script', children: start, injectTo: 'head-prepend' }];
      },
    },
  };
}
