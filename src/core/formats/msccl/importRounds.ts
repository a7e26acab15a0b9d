// The first half of reading an MSCCL algorithm as a schedule: the round each step runs in, when
// MSCCL's asynchronous threadblocks are turned into synchronous steps ("rounds"). importXml.ts then
// makes each round's transfers.
//
// Every threadblock runs its non-nop steps in order, one per round, as soon as it may (docs/msccl-xml.md
// §4): after its previous step; after the steps it waits for ran in an earlier round (its own
// depid/deps and those of the nops before it, each ended by the first step of that threadblock from
// `deps` on with hasdep=1, as RCCL's flags work); and, for a receive, once its message is sent.
// Messages pair first in, first out per (sender, receiver, channel); steps of cnt 0 move nothing and
// pair with nothing. A message is its source as it stands at the start of the round it is sent in:
// an `s` sends in the round it runs; rcs, rrs and rrcs forward data that exists only at the end of
// the round they receive in, so they send in the next round. Since no step waits for anything but
// earlier steps, the rounds are the longest paths of that graph; a step left without a round is a
// deadlock. Fused chains of `re` (§3.2) run one step per round, which computes the same.

import { GradsyncError, invariant } from '../../errors';
import { byId, MSCCL_LIMITS, receives, sends, type MscclAlgo, type MscclStep, type MscclThreadblock } from './program';
import { stepLine, transmissionsOf } from './xml';
import { plural } from '../../units';

/** The channel ids a connection key leaves room for: every chan the reader accepts, 0..MSCCL_LIMITS.maxChan. */
const CHANNEL_KEYS = MSCCL_LIMITS.maxChan + 1;

interface Wait {
  /** The op that signals it (the last step of the transmission whose flag satisfies it). */
  op: number;
  /** As the XML states it: threadblock and step. */
  tb: number;
  step: number;
}

/** A non-nop step. */
export interface Op {
  readonly gpu: number;
  readonly tb: MscclThreadblock;
  readonly step: MscclStep;
  /** The op before it in its threadblock, or -1. */
  readonly prev: number;
  readonly waits: Wait[];
  /** A receive (cnt > 0): the op whose message it takes, or -1 when none sends it. */
  from: number;
  /** A send (cnt > 0): the op that receives it, or -1. */
  to: number;
}

/** Step types that send on what they receive: rcs, rrs and rrcs, whose message is ready a round after they run. */
export function forwards(type: MscclStep['type']): boolean {
  return type === 'rcs' || type === 'rrs' || type === 'rrcs';
}

/** What a step does, with its peers: "r from GPU 1, channel 0". */
function opWhat(op: Op): string {
  const { tb, step } = op;
  if (step.type === 's') return `s to GPU ${tb.send}, channel ${tb.chan}`;
  if (step.type === 'r' || step.type === 'rrc') return `${step.type} from GPU ${tb.recv}, channel ${tb.chan}`;
  if (forwards(step.type)) return `${step.type} from GPU ${tb.recv} to GPU ${tb.send}, channel ${tb.chan}`;
  return step.type;
}

/** "line 30: ": where a step a message is about is written, for the loader to mark; empty for a step not read from text. */
function lineWords(op: Op): string {
  const line = stepLine(op.step);
  return line === undefined ? '' : `line ${line}: `;
}

function describeOp(op: Op): string {
  return `GPU ${op.gpu} threadblock ${op.tb.id} step ${op.step.s} (${opWhat(op)})`;
}

/** The steps of an algorithm as ops and the round each runs in. */
interface Rounds {
  /** Ops, in the order of (GPU, threadblock, step): the order transfers are listed in. */
  ops: Op[];
  /** Per op: its round. */
  round: Int32Array;
  rounds: number;
  /** Ops by round, each round in op order: those of round r are byRound[roundStart[r]..roundStart[r + 1]). */
  roundStart: Int32Array;
  byRound: Int32Array;
}

/**
 * The rounds of a checked algorithm. Throws GradsyncError: 'unmatched' for a send and receive of
 * different cnt or a send nobody receives; 'deadlock' when steps can never run.
 */
export function roundsOf(algo: MscclAlgo): Rounds {
  const devices = algo.ngpus;
  const gpus = byId(algo.gpus);

  // Ops, in the order of (GPU, threadblock, step): the order transfers are listed in.
  const ops: Op[] = [];
  /** Per GPU, per threadblock id: op index of each step (-1 for a nop). */
  const opAt: Int32Array[][] = [];
  for (const gpu of gpus) {
    opAt[gpu.id] = [];
    for (const tb of byId(gpu.threadblocks)) {
      const at = new Int32Array(tb.steps.length).fill(-1);
      let prev = -1;
      tb.steps.forEach((step, index) => {
        if (step.type === 'nop') return;
        at[index] = ops.length;
        ops.push({ gpu: gpu.id, tb, step, prev, waits: [], from: -1, to: -1 });
        prev = at[index];
      });
      opAt[gpu.id][tb.id] = at;
    }
  }
  const n = ops.length;

  // Waits: a threadblock signals a flag after each transmission whose last step has hasdep=1; a wait
  // for (tb, step) ends at the first signal ≥ step (docs/msccl-xml.md §4).
  for (const gpu of gpus) {
    const signals: { flags: number[]; ops: number[] }[] = [];
    const transmissions = gpu.threadblocks.map((tb) => ({ tb, list: transmissionsOf(tb) }));
    for (const { tb, list } of transmissions) {
      const flags: number[] = [];
      const signalOps: number[] = [];
      for (const t of list) {
        const last = t.steps[t.steps.length - 1];
        if (tb.steps[last].hasdep === 1) {
          flags.push(t.flag);
          signalOps.push(opAt[gpu.id][tb.id][last]);
        }
      }
      signals[tb.id] = { flags, ops: signalOps };
    }
    for (const { tb, list } of transmissions) {
      for (const t of list) {
        const waiter = ops[opAt[gpu.id][tb.id][t.steps[0]]];
        for (const wait of t.waits) {
          const { flags, ops: signalOps } = signals[wait.tb];
          const k = flags.findIndex((flag) => flag >= wait.step);
          if (k < 0) {
            const waits = `GPU ${gpu.id} threadblock ${tb.id} step ${wait.at} waits for threadblock ${wait.tb} step ${wait.step}`;
            const signalling = signals[wait.tb].ops.some((op) => ops[op].step.s >= wait.step);
            throw new GradsyncError(
              'deadlock',
              signalling
                ? `${waits}, but RCCL numbers threadblock ${wait.tb}'s signals by its own count (a nop without a wait, or a fused re of cnt 0, is not counted) and none reaches ${wait.step}, so it would wait forever`
                : `${waits}, but threadblock ${wait.tb} signals no step from ${wait.step} on (a step signals only with hasdep="1"), so it would wait forever`,
            );
          }
          waiter.waits.push({ op: signalOps[k], tb: wait.tb, step: wait.step });
        }
      }
    }
  }

  // Messages: the k-th send of (A → B, channel c) is the k-th receive of it. Steps of cnt 0 move
  // nothing and take part in no exchange (RCCL calls no primitive for them).
  const key = (from: number, to: number, chan: number): number => (from * devices + to) * CHANNEL_KEYS + chan;
  const sent = new Map<number, number[]>();
  ops.forEach((op, index) => {
    if (sends(op.step.type) && op.step.cnt > 0) {
      const k = key(op.gpu, op.tb.send, op.tb.chan);
      const list = sent.get(k);
      if (list) list.push(index);
      else sent.set(k, [index]);
    }
  });
  const taken = new Map<number, number>();
  ops.forEach((op, index) => {
    if (!receives(op.step.type) || op.step.cnt === 0) return;
    const k = key(op.tb.recv, op.gpu, op.tb.chan);
    const count = taken.get(k) ?? 0;
    taken.set(k, count + 1);
    const from = sent.get(k)?.[count];
    if (from === undefined) return;
    const sender = ops[from];
    if (sender.step.cnt !== op.step.cnt) {
      throw new GradsyncError(
        'unmatched',
        `${lineWords(op)}GPU ${sender.gpu} threadblock ${sender.tb.id} step ${sender.step.s} sends ${plural(sender.step.cnt, 'chunk')} to GPU ${op.gpu} on channel ${op.tb.chan}, but GPU ${op.gpu} threadblock ${op.tb.id} step ${op.step.s}, which receives that message, has cnt ${op.step.cnt}; a send and its receive must have the same cnt`,
      );
    }
    op.from = from;
    sender.to = index;
  });

  // Rounds: longest paths (Kahn's order). Edges: previous step +1, waits +1, message +0 from `s`,
  // +1 from a forward. A receive whose message is never sent keeps one edge that never comes.
  const outStart = new Int32Array(n + 1);
  const indegree = new Int32Array(n);
  const edge = (visit: (from: number, to: number, weight: number) => void): void => {
    ops.forEach((op, index) => {
      if (op.prev >= 0) visit(op.prev, index, 1);
      for (const wait of op.waits) visit(wait.op, index, 1);
      if (op.from >= 0) visit(op.from, index, forwards(ops[op.from].step.type) ? 1 : 0);
    });
  };
  edge((from, to) => {
    outStart[from + 1]++;
    indegree[to]++;
  });
  for (let i = 0; i < n; i++) outStart[i + 1] += outStart[i];
  const fill = outStart.slice(0, n);
  const outTo = new Int32Array(outStart[n]);
  const outWeight = new Uint8Array(outStart[n]);
  edge((from, to, weight) => {
    outTo[fill[from]] = to;
    outWeight[fill[from]++] = weight;
  });
  ops.forEach((op, index) => {
    if (receives(op.step.type) && op.step.cnt > 0 && op.from < 0) indegree[index]++;
  });
  const round = new Int32Array(n);
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) if (indegree[i] === 0) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const u = queue[head];
    for (let e = outStart[u]; e < outStart[u + 1]; e++) {
      const v = outTo[e];
      round[v] = Math.max(round[v], round[u] + outWeight[e]);
      if (--indegree[v] === 0) queue[tail++] = v;
    }
  }
  if (tail < n) {
    const done = new Uint8Array(n);
    for (let i = 0; i < tail; i++) done[queue[i]] = 1;
    throw new GradsyncError('deadlock', deadlockMessage(ops, done));
  }
  const unreceived = ops.find((op) => sends(op.step.type) && op.step.cnt > 0 && op.to < 0);
  if (unreceived) {
    // A receive of cnt 0 on that connection takes no message: most likely the one meant to.
    const { gpu, tb } = unreceived;
    const empty = ops.find((op) => receives(op.step.type) && op.step.cnt === 0 && op.gpu === tb.send && op.tb.recv === gpu && op.tb.chan === tb.chan);
    const hint = empty ? `; GPU ${empty.gpu} threadblock ${empty.tb.id} step ${empty.step.s} receives from it with cnt 0, which takes no message` : '';
    throw new GradsyncError(
      'unmatched',
      `${lineWords(empty ?? unreceived)}GPU ${gpu} threadblock ${tb.id} step ${unreceived.step.s} sends to GPU ${tb.send} on channel ${tb.chan}, but no step receives it${hint}`,
    );
  }

  // Ops by round, each round in op order.
  let rounds = 0;
  for (let i = 0; i < n; i++) rounds = Math.max(rounds, round[i] + 1);
  const roundStart = new Int32Array(rounds + 1);
  for (let i = 0; i < n; i++) roundStart[round[i] + 1]++;
  for (let r = 0; r < rounds; r++) roundStart[r + 1] += roundStart[r];
  const byRound = new Int32Array(n);
  const next = roundStart.slice(0, rounds);
  for (let i = 0; i < n; i++) byRound[next[round[i]]++] = i;
  return { ops, round, rounds, roundStart, byRound };
}

/** Why the ops not done can never run: the first stuck step, and what it waits for, down to a cause or a cycle. */
function deadlockMessage(ops: Op[], done: Uint8Array): string {
  /** The first op not done of each op's threadblock: where that threadblock stands. */
  const current = new Int32Array(ops.length);
  for (let i = 0; i < ops.length; i++) current[i] = ops[i].prev >= 0 && !done[ops[i].prev] ? current[ops[i].prev] : i;
  let start = -1;
  for (let i = 0; i < ops.length && start < 0; i++) if (!done[i] && current[i] === i) start = i;
  invariant(start >= 0, 'a deadlock has a stuck step');
  const pieces: string[] = [];
  const seen = new Set<number>();
  let at = start;
  let ending = '';
  for (;;) {
    seen.add(at);
    const op = ops[at];
    const wait = op.waits.find((w) => !done[w.op]);
    let target: number;
    if (wait) {
      target = wait.op;
      const signaller = ops[target];
      const exact = signaller.step.s === wait.step;
      pieces.push(`waits for threadblock ${wait.tb} step ${wait.step} (${exact ? opWhat(signaller) : `signalled by its step ${signaller.step.s}`})`);
    } else if (op.from < 0) {
      pieces.push('waits for a message that is never sent');
      break;
    } else {
      target = op.from;
      pieces.push(`waits for ${describeOp(ops[target])} to send`);
    }
    const stands = current[target];
    if (stands !== target) pieces.push(`comes after ${describeOp(ops[stands])}`);
    if (seen.has(stands)) {
      ending = ': a cycle';
      break;
    }
    at = stands;
  }
  const shown = pieces.length > 9 ? [...pieces.slice(0, 4), `… (${pieces.length - 8} more) …`, ...pieces.slice(-4)] : pieces;
  return `${lineWords(ops[start])}${describeOp(ops[start])} ${shown.join(', which ')}${ending}`;
}
