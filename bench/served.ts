// The production build, served locally: what a person opens (the dev server runs React's checks).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServedBuild {
  url: string;
  close(): Promise<void>;
}

export async function servedBuild(): Promise<ServedBuild> {
  const outDir = mkdtempSync(join(tmpdir(), 'gradsync-bench-'));
  await build({ root: ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
  const server = await preview({ root: ROOT, logLevel: 'silent', build: { outDir }, preview: { port: 0, host: 'localhost' } });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://localhost:${port}/`,
    async close() {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
