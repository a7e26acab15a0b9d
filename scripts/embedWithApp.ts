// A Vite plugin for the app's build: once `vite build` has written the app, it builds the embed
// (vite.embed.config.ts) into the app's folder, under embed/, so that one `vite build` writes
// everything the app's embed code and the example pages link (embed/gradsync-embed.js and .css).

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';

const EMBED_CONFIG = fileURLToPath(new URL('../vite.embed.config.ts', import.meta.url));

export function embedWithApp(): Plugin {
  let config: ResolvedConfig | null = null;
  let failed = false;
  return {
    name: 'gradsync-embed-with-app',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    buildEnd(error) {
      failed = error !== undefined;
    },
    async closeBundle() {
      if (!config || failed) return;
      await build({
        configFile: EMBED_CONFIG,
        mode: config.mode,
        logLevel: config.logLevel,
        build: { outDir: resolve(config.root, config.build.outDir, 'embed') },
      });
    },
  };
}
