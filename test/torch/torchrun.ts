// What torchrun does, on one machine: N processes of one program with its environment (RANK,
// LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, MASTER_ADDR, MASTER_PORT). The Python comes from
// scripts/torchPython.mjs.

import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Launched {
  /** Each rank's exit code. */
  codes: number[];
  stderr: string;
}

/** Runs `program args` as `ranks` processes of one job on this machine, as torchrun would. */
export async function torchrun(python: string, ranks: number, program: string, args: string[]): Promise<Launched> {
  const port = await freePort();
  let stderr = '';
  const codes = await Promise.all(
    Array.from(
      { length: ranks },
      (_, rank) =>
        new Promise<number>((resolve) => {
          const child = spawn(python, [program, ...args], {
            env: {
              ...process.env,
              RANK: String(rank),
              LOCAL_RANK: String(rank),
              WORLD_SIZE: String(ranks),
              LOCAL_WORLD_SIZE: String(ranks),
              MASTER_ADDR: '127.0.0.1',
              MASTER_PORT: String(port),
              // One thread a process: several ranks share the machine's cores.
              OMP_NUM_THREADS: '1',
            },
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          child.stderr.on('data', (data: Buffer) => (stderr += `[rank ${rank}] ${data.toString()}`));
          child.on('close', (code) => resolve(code ?? -1));
        }),
    ),
  );
  return { codes, stderr };
}
