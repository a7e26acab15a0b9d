// The embeddable figure: one ES module, dist/embed/gradsync-embed.js, with React and every stylesheet
// inside (the styles are strings for the shadow root), and beside it gradsync-embed.css: the room each
// figure keeps (src/embed/reserve.css), for a page's <head>, so the room is kept before the module
// has run. `vite build` builds it after the app, into the app's folder (scripts/embedWithApp.ts); on
// its own, `vite build --config vite.embed.config.ts` writes dist/embed.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { reserveSheet } from './scripts/reserveSheet';

export default defineConfig({
  plugins: [react(), reserveSheet()],
  // Library mode leaves process.env alone; React reads NODE_ENV to pick its production build.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist/embed',
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/embed/define.ts',
      formats: ['es'],
      fileName: () => 'gradsync-embed.js',
    },
    // Library mode keeps whitespace and pure annotations for bundlers downstream; this file is the
    // end product that pages load, so it is minified fully.
    rolldownOptions: { output: { minify: true, comments: { annotation: false } } },
  },
});
