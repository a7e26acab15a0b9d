// The threadblocks of one GPU of the exported program (exportXml.ts, "Threadblocks"): one that sends
// and one that receives per peer and channel, local ones for local operations, the send and receive
// of a peer on a channel joined into one only while the GPU would pass MSCCL_LIMITS.threadblocks;
// then their operations, in order and with their dependencies, and the steps each threadblock needs.
// What passes RCCL's limits is returned as a failure for exportXml.ts to plan around or report.

import { dependOn } from './exportDependencies';
import { operations, unfuse, type Tb } from './exportOperations';
import type { Pieces } from './exportPieces';
import { MSCCL_LIMITS } from './program';

/** Why a GPU's threadblocks do not fit RCCL: too many threadblocks, steps in one threadblock, or XML nodes. */
export type Failure =
  { kind: 'threadblocks'; gpu: number; count: number } | { kind: 'steps'; gpu: number; tb: Tb; steps: number } | { kind: 'nodes'; gpu: number; count: number };

export interface GpuBuild {
  tbs: Tb[];
  failures: Failure[];
}

/** The threadblocks and operations of GPU g, with `locals` local threadblocks, and their dependencies. */
export function buildGpu(all: Pieces, g: number, locals: number, maxSteps: number): GpuBuild {
  const pieces = all.byGpu[g];
  // Threadblock keys: 's<peer>/<chan>', 'r<peer>/<chan>', 'l<index>'. A local operation runs in the
  // threadblock that last wrote its destination in the same step, else in local threadblock dst mod L.
  const keys = new Set<string>();
  let step = -1;
  let lastWriter = new Map<number, string>();
  for (const piece of pieces) {
    if (piece.step !== step) {
      step = piece.step;
      lastWriter = new Map();
    }
    if (piece.src === piece.dst) {
      piece.tbKey = lastWriter.get(piece.dstSlot) ?? `l${piece.dstSlot % locals}`;
      keys.add(piece.tbKey);
      for (let c = 0; c < piece.cnt; c++) lastWriter.set(piece.dstSlot + c, piece.tbKey);
    } else if (piece.src === g) {
      keys.add(`s${piece.dst}/${piece.chan}`);
    } else {
      const key = `r${piece.src}/${piece.chan}`;
      keys.add(key);
      for (let c = 0; c < piece.cnt; c++) lastWriter.set(piece.dstSlot + c, key);
    }
  }
  if (keys.size === 0) keys.add('l0');
  // Join the send and receive of one peer and channel while the GPU has too many threadblocks.
  const joined = new Set<string>();
  let count = keys.size;
  const pairs = [...keys]
    .filter((key) => key.startsWith('s') && keys.has(`r${key.slice(1)}`))
    .map((key) => key.slice(1))
    .sort((a, b) => compareNumbers(a, b));
  for (const pair of pairs) {
    if (count <= MSCCL_LIMITS.threadblocks) break;
    joined.add(pair);
    count--;
  }
  const byKey = new Map<string, Tb>();
  const tbs: Tb[] = [];
  for (const key of keys) {
    const body = key.slice(1);
    const shared = key[0] !== 'l' && joined.has(body);
    const existing = shared ? byKey.get(`x${body}`) : undefined;
    if (existing) {
      byKey.set(key, existing);
      continue;
    }
    const [peer, chan] = body.split('/').map(Number);
    const tb: Tb = {
      send: key[0] === 's' || shared ? peer : -1,
      recv: key[0] === 'r' || shared ? peer : -1,
      chan: key[0] === 'l' ? 0 : chan,
      local: key[0] === 'l' ? peer : -1,
      id: 0,
      ops: [],
      recvScratch: 0,
      stageScratch: 0,
      stageStep: -1,
      stageNow: 0,
      base: 0,
      steps: 0,
    };
    byKey.set(key, tb);
    if (shared) byKey.set(`x${body}`, tb);
    tbs.push(tb);
  }
  tbs.sort((a, b) => a.send - b.send || a.recv - b.recv || a.chan - b.chan || a.local - b.local);
  tbs.forEach((tb, id) => (tb.id = id));
  if (tbs.length > MSCCL_LIMITS.threadblocks) return { tbs, failures: [{ kind: 'threadblocks', gpu: g, count: tbs.length }] };

  operations(g, pieces, byKey);
  unfuse(tbs, all.layout);
  dependOn(tbs, all.layout.slots);

  const failures: Failure[] = [];
  let nodes = 1 + all.devices;
  for (const tb of tbs) {
    let s = 0;
    for (const op of tb.ops) {
      s += Math.max(0, op.deps.length - 1);
      op.s = s++;
    }
    tb.steps = s;
    nodes += 1 + s;
    if (s > maxSteps) failures.push({ kind: 'steps', gpu: g, tb, steps: s });
  }
  if (failures.length === 0 && nodes > MSCCL_LIMITS.parserNodes) failures.push({ kind: 'nodes', gpu: g, count: nodes });
  return { tbs, failures };
}

/** Orders 'peer/chan' keys by peer, then channel. */
function compareNumbers(a: string, b: string): number {
  const [pa, ca] = a.split('/').map(Number);
  const [pb, cb] = b.split('/').map(Number);
  return pa - pb || ca - cb;
}
