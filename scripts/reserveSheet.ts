// The room each figure keeps, published beside the embed's module as embed/gradsync-embed.css: the
// embed's build writes src/embed/reserve.css there as it is (and inside embed/gradsync.js, the loader
// a post includes in one line), and the dev server answers the stylesheet's address with it, so a page
// links the one stylesheet under either (public/examples/blog.html).

import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { LOADER_NAME, loaderSource } from './embedLoader';

const SOURCE = new URL('../src/embed/reserve.css', import.meta.url);
/** Its name beside gradsync-embed.js, and its address where the app is served from the root. */
const FILE_NAME = 'gradsync-embed.css';
const DEV_PATH = `/embed/${FILE_NAME}`;

/** For the embed's build (vite.embed.config.ts, whose output is dist/embed). */
export function reserveSheet(): Plugin {
  return {
    name: 'gradsync-reserve-sheet',
    generateBundle() {
      const css = readFileSync(SOURCE, 'utf8');
      this.emitFile({ type: 'asset', fileName: FILE_NAME, source: css });
      // The same rules inside the one-line loader a post includes instead (embedLoader.ts).
      this.emitFile({ type: 'asset', fileName: LOADER_NAME, source: loaderSource(css) });
    },
  };
}

/** Where the dev server sends a request for the built module: the element straight from the source. */
const DEV_MODULE = '/src/embed/devDefine.ts';

/**
 * For the dev server, which builds no embed: the stylesheet and the loader at the addresses a built app
 * has them, and the module's address sent on to the source, so the two lines a post needs work here too.
 */
export function reserveSheetInDev(): Plugin {
  return {
    name: 'gradsync-reserve-sheet-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/css');
        response.end(readFileSync(SOURCE, 'utf8'));
      });
      server.middlewares.use(`/embed/${LOADER_NAME}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(loaderSource(readFileSync(SOURCE, 'utf8')));
      });
      server.middlewares.use('/embed/gradsync-embed.js', (_request, response) => {
        response.statusCode = 302;
        response.setHeader('Location', DEV_MODULE);
        response.end();
      });
    },
  };
}
