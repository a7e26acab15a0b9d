// The embeddable figure: one ES module, dist/embed/gradsync-embed.js, with React and every stylesheet
// inside (the styles are strings for the shadow root, so no .css file is emitted). Built after the
// app, into its dist folder: `vite build && vite build --config vite.embed.config.ts`.

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
