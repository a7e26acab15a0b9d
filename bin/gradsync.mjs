#!/usr/bin/env node
// Entry of `npx gradsync`: runs the TypeScript CLI through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
});
process.exitCode = await main(process.argv.slice(2));
