// The room each figure keeps, published beside the embed's module as embed/gradsync-embed.css: the
// embed's build writes src/embed/reserve.css there as it is, and the dev server answers the same
// address with it, so a page links the one stylesheet under either (public/examples/blog.html).

import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SOURCE = new URL('../src/embed/reserve.css', import.meta.url);
/** Its name beside gradsync-embed.js, and its address where the app is served from the root. */
const FILE_NAME = 'gradsync-embed.css';
const DEV_PATH = `/embed/${FILE_NAME}`;

/** For the embed's build (vite.embed.config.ts, whose output is dist/embed). */
export function reserveSheet(): Plugin {
  return {
    name: 'gradsync-reserve-sheet',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: readFileSync(SOURCE, 'utf8') });
    },
  };
}

/** For the dev server, which builds no embed: the same file at the address a built app has it. */
export function reserveSheetInDev(): Plugin {
  return {
    name: 'gradsync-reserve-sheet-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/css');
        response.end(readFileSync(SOURCE, 'utf8'));
      });
    },
  };
}
