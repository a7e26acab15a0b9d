// Any gradsync schedule as an MSCCL XML algorithm that RCCL's MSCCL parser and executor take
// (docs/msccl-xml.md): only the step types current RCCL runs (s, r, cpy, re, nop; §3.1), its limits
// (§5), and dependencies that make the asynchronous program compute exactly what the schedule does,
// every reduction of a place in the schedule's order.
//
// Design.
// - Order. The program follows one total order of the schedule's operations: step by step; within a
//   step first every send and every local read that must see the step's start ("phase A"), then
//   every write in the listed order ("phase B"). Each threadblock runs its operations in that order,
//   a receive pairs with a send of the same step (earlier in the order), and every dependency points
//   back in it, so the program cannot deadlock while sends are buffered.
// - Threadblocks. Per GPU: one sending threadblock per (peer, channel) and one receiving threadblock
//   per (peer, channel), so that sends never wait behind receives; only when a GPU would pass 64
//   threadblocks are the send and the receive of one peer on one channel joined into one threadblock
//   (sends of a step first). Local operations (v2, src = dst) run in local threadblocks (send=-1
//   recv=-1), by destination chunk; a local operation that writes a place a receive of the same step
//   wrote before it (the copy-then-reduce pattern of MSCCL's rrc) runs in that receive's threadblock,
//   right after it.
// - Reductions. A reduce received is `r` into the receiving threadblock's own scratch, then `re`
//   (place ⊕= scratch) in that threadblock; its pairs run one after the other, so one scratch region
//   of the largest message serves them all. A local operation whose source the step writes before it,
//   or whose source overlaps its destination, first copies its source to scratch in phase A.
// - Channels. Peers are grouped by ring distance (16 distances, at most 32 peers, a group; only the
//   groups in use count): group x uses channels x, x + G, x + 2G, … (G groups), so no channel has
//   more than 32 sending or receiving threadblocks and both directions of a pair share channels. A
//   pair starts on one channel; while a threadblock has more than `maxSteps` steps, its pairs'
//   messages are spread over more channels (about steps / maxSteps times as many), by destination
//   chunk, then (when that cannot help) by message order; local operations likewise over more local
//   threadblocks, by destination chunk. When nothing helps, GradsyncError('unsupported') says which
//   GPU would need how many steps or threadblocks.
// - Dependencies. Between threadblocks of one GPU: read-after-write, write-after-read (a send of step
//   k reads the place before step k's writes) and write-after-write (reductions into one place in the
//   listed order), on the latest conflicting step of each other threadblock; those implied by
//   threadblock order or by another dependency (vector clocks over the GPU's threadblocks) are
//   dropped. The step carries one, each further one is a `nop` just before it; hasdep=1 marks exactly
//   the steps waited on.
// - RCCL merges consecutive `re` into one place (§3.2) and keeps the last one's cnt: such runs with
//   different cnt are written one chunk per step.
//
// Where each part lives: exportPieces.ts cuts the schedule's transfers into messages and local
// operations; exportChannels.ts plans channels; exportThreadblocks.ts makes a GPU's threadblocks,
// exportOperations.ts their operations in order, exportDependencies.ts the dependencies between
// them; writeXml.ts writes the text. This file runs the plan until every GPU fits RCCL's limits and
// assembles the program.

import { GradsyncError, invariant } from '../../errors';
import type { Schedule } from '../../schedule/ir';
import { ChannelPlan } from './exportChannels';
import type { Ref, Tb } from './exportOperations';
import { label, piecesOf, placeOf, type Pieces, type Place } from './exportPieces';
import { buildGpu, type Failure, type GpuBuild } from './exportThreadblocks';
import { MSCCL_COLLECTIVE_OF, MSCCL_LIMITS, type MscclAlgo, type MscclGpu, type MscclStep, type MscclThreadblock } from './program';
import { writeMscclXml } from './writeXml';

export interface MscclExportOptions {
  /** Most steps (nops included) one threadblock may have: RCCL's 64 by default, up to 256. */
  maxSteps?: number;
}

/** The MSCCL program of a schedule (docs/msccl-xml.md), as mscclXml writes it. */
export function mscclProgramOf(schedule: Schedule, options: MscclExportOptions = {}): MscclAlgo {
  const maxSteps = options.maxSteps ?? MSCCL_LIMITS.rcclSteps;
  if (!Number.isInteger(maxSteps) || maxSteps < 2 || maxSteps > MSCCL_LIMITS.steps) {
    throw new GradsyncError('bad-argument', `steps per threadblock must be an integer from 2 to ${MSCCL_LIMITS.steps}, got ${maxSteps}`, {
      field: 'maxSteps',
      value: maxSteps,
      allowed: `be an integer from 2 to ${MSCCL_LIMITS.steps}`,
    });
  }
  const pieces = piecesOf(schedule);
  const channels = new ChannelPlan(pieces, maxSteps);
  // Widen the plan until every GPU fits RCCL's limits, or say why none can.
  for (;;) {
    channels.assign();
    const builds: GpuBuild[] = [];
    for (let g = 0; g < pieces.devices; g++) builds.push(buildGpu(pieces, g, channels.plan.locals[g], maxSteps));
    const failures = builds.flatMap((build) => build.failures);
    if (failures.length === 0) return assemble(schedule, pieces, builds);
    const fatal = failures.find((failure) => failure.kind !== 'steps');
    if (fatal) fail(schedule, fatal, channels.plan.locals, maxSteps);
    if (channels.widen(failures)) continue;
    const worst = failures.reduce((a, b) => (b.kind === 'steps' && a.kind === 'steps' && b.steps > a.steps ? b : a));
    fail(schedule, worst, channels.plan.locals, maxSteps);
  }
}

/** The schedule as the text of an MSCCL XML algorithm file RCCL loads. */
export function mscclXml(schedule: Schedule, options: MscclExportOptions = {}): string {
  return writeMscclXml(mscclProgramOf(schedule, options), label(schedule));
}

function fail(schedule: Schedule, failure: Failure, locals: number[], maxSteps: number): never {
  const what = `${label(schedule)} on ${schedule.devices} devices cannot be exported as MSCCL XML for RCCL`;
  if (failure.kind === 'threadblocks') {
    throw new GradsyncError(
      'unsupported',
      `${what}: GPU ${failure.gpu} would need ${failure.count} threadblocks, more than the ${MSCCL_LIMITS.threadblocks} a GPU runs`,
    );
  }
  if (failure.kind === 'nodes') {
    throw new GradsyncError(
      'unsupported',
      `${what}: GPU ${failure.gpu} would need ${failure.count} XML nodes, more than the ${MSCCL_LIMITS.parserNodes} RCCL's parser keeps`,
    );
  }
  const { tb, gpu, steps } = failure;
  const role =
    tb.send < 0 && tb.recv < 0
      ? `a local threadblock, with local operations spread over ${locals[gpu]}`
      : `the threadblock ${[tb.send >= 0 ? `sending to GPU ${tb.send}` : '', tb.recv >= 0 ? `receiving from GPU ${tb.recv}` : ''].filter(Boolean).join(' and ')} on channel ${tb.chan}`;
  throw new GradsyncError('unsupported', `${what}: GPU ${gpu} would need ${steps} steps in ${role}, more than the ${maxSteps} steps a threadblock takes`);
}

/** The algorithm's `name`: letters, digits, '.', '_' and '-', at most 63 characters (RCCL's MSCCL_MAX_ALGO_NAME). */
function algoName(schedule: Schedule): string {
  return `gradsync-${schedule.algorithm}-${schedule.collective}-${schedule.devices}`.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 63);
}

/**
 * The program from every GPU's threadblocks: each threadblock's scratch after the schedule's own,
 * each dependency of an operation but the last as a nop before it, and nchannels as the channels used.
 */
function assemble(schedule: Schedule, pieces: Pieces, builds: GpuBuild[]): MscclAlgo {
  const { layout } = pieces;
  let channels = 1;
  const gpus: MscclGpu[] = builds.map((build, id) => {
    let scratch = layout.scratch;
    for (const tb of build.tbs) {
      tb.base = scratch;
      scratch += tb.recvScratch + tb.stageScratch;
      channels = Math.max(channels, tb.chan + 1);
    }
    const place = (tb: Tb, ref: Ref): Place =>
      ref.kind === 'slot' ? placeOf(layout, ref.slot) : { buf: 's', off: tb.base + (ref.kind === 'stage' ? tb.recvScratch : 0) + ref.off };
    const threadblocks: MscclThreadblock[] = build.tbs.map((tb) => {
      const steps: MscclStep[] = [];
      for (const op of tb.ops) {
        const deps = op.deps;
        for (let d = 0; d < deps.length - 1; d++) {
          steps.push({
            s: steps.length,
            type: 'nop',
            srcbuf: 'i',
            srcoff: -1,
            dstbuf: 'o',
            dstoff: -1,
            cnt: 0,
            depid: deps[d].tb.id,
            deps: deps[d].s,
            hasdep: 0,
          });
        }
        const last = deps[deps.length - 1];
        const src = op.src ? place(tb, op.src) : op.peer!;
        const dst = op.dst ? place(tb, op.dst) : op.peer!;
        invariant(steps.length === op.s, 'steps numbered in order');
        steps.push({
          s: op.s,
          type: op.type,
          srcbuf: src.buf,
          srcoff: src.off,
          dstbuf: dst.buf,
          dstoff: dst.off,
          cnt: op.cnt,
          depid: last ? last.tb.id : -1,
          deps: last ? last.s : -1,
          hasdep: op.hasdep ? 1 : 0,
        });
      }
      return { id: tb.id, send: tb.send, recv: tb.recv, chan: tb.chan, steps };
    });
    return { id, i_chunks: layout.input, o_chunks: layout.output, s_chunks: scratch, threadblocks };
  });
  const inplace = layout.inPlace ? 1 : 0;
  return {
    name: algoName(schedule),
    proto: 'Simple',
    nchannels: channels,
    nchunksperloop: layout.chunks,
    ngpus: pieces.devices,
    coll: MSCCL_COLLECTIVE_OF[layout.collective],
    inplace,
    outofplace: inplace ? 0 : 1,
    minBytes: 0,
    maxBytes: 0,
    gpus,
  };
}
