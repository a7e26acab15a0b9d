// The checks of an MSCCL algorithm that need a whole threadblock or a whole GPU read, which
// checkProgram.ts runs as each ends: the waits and cnt of RCCL's fused `re` chains, threadblock ids
// without a gap, dependencies on steps that exist, and one threadblock per connection. Also how every
// message names a GPU, a threadblock or a step.

import { MSCCL_LIMITS, receives, sends, type MscclGpu, type MscclStep, type MscclThreadblock } from './program';
import { transmissionsOf } from './transmissions';

/** Throws the error at `node`; `what` names the element (a function where naming it costs, as for every step). */
export type Fail = (node: object, attribute: string | undefined, what: string | (() => string), message: string) => never;

export function describeGpu(gpu: MscclGpu): string {
  return `<gpu id="${gpu.id}">`;
}

export function describeTb(gpu: MscclGpu, tb: MscclThreadblock): string {
  return `<tb id="${tb.id}"> of GPU ${gpu.id}`;
}

export function describeStep(gpu: MscclGpu, tb: MscclThreadblock, step: MscclStep): string {
  return `<step s="${step.s}"> of GPU ${gpu.id} threadblock ${tb.id}`;
}

/**
 * A threadblock's transmissions (transmissions.ts): the nop steps before one carry their waits only
 * when its first step waits too, and a fused `re` chain takes one cnt for all its steps.
 */
export function checkTransmissions(gpu: MscclGpu, tb: MscclThreadblock, fail: Fail): void {
  for (const t of transmissionsOf(tb)) {
    const head = tb.steps[t.steps[0]];
    if (t.waits.length > 0 && head.depid < 0) {
      fail(
        head,
        'depid',
        describeStep(gpu, tb, head),
        'depid must be set: the nop steps before it wait for other threadblocks, and RCCL attaches their waits only to a step with a wait of its own, got -1',
      );
    }
    for (const index of t.steps.slice(1)) {
      const step = tb.steps[index];
      const last = tb.steps[t.steps[t.steps.length - 1]];
      if (step.cnt !== head.cnt) {
        fail(
          step,
          'cnt',
          describeStep(gpu, tb, step),
          `cnt must be ${head.cnt} like step ${head.s}: RCCL fuses re steps with the same dstbuf, dstoff and srcbuf into one (steps ${head.s}..${last.s}) and gives all of them one cnt, got ${step.cnt}`,
        );
      }
    }
  }
}

/** A GPU's threadblock ids run 0, 1, 2, … without a gap. */
export function checkThreadblockIds(gpu: MscclGpu, tbs: ReadonlyMap<number, MscclThreadblock>, fail: Fail): void {
  const what = describeGpu(gpu);
  const count = gpu.threadblocks.length;
  for (let id = 0; id < count; id++) {
    if (!tbs.has(id)) {
      const highest = Math.max(...tbs.keys());
      fail(gpu, undefined, what, `there is no <tb id="${id}">; threadblock ids must run 0, 1, 2, … without a gap (the highest is ${highest})`);
    }
  }
}

/** Every dependency names another threadblock of the GPU and one of its steps. */
export function checkDependencies(gpu: MscclGpu, tbs: ReadonlyMap<number, MscclThreadblock>, fail: Fail): void {
  const count = gpu.threadblocks.length;
  for (const tb of gpu.threadblocks) {
    tb.steps.forEach((step) => {
      if (step.depid < 0) return;
      const stepWhat = describeStep(gpu, tb, step);
      const target = tbs.get(step.depid);
      if (!target || step.depid === tb.id) {
        const allowed =
          count === 1
            ? `-1: GPU ${gpu.id} has no other threadblock`
            : `-1 or another threadblock of GPU ${gpu.id} (${count === 2 ? 1 - tb.id : `0..${count - 1} but ${tb.id}`})`;
        fail(step, 'depid', stepWhat, `depid must be ${allowed}, got ${step.depid}`);
      }
      if (step.deps >= target.steps.length) {
        const allowed = target.steps.length === 0 ? `threadblock ${target.id} has no steps` : `0..${target.steps.length - 1}`;
        fail(step, 'deps', stepWhat, `deps must be a step of threadblock ${target.id} (${allowed}), got ${step.deps}`);
      }
    });
  }
}

/**
 * One connection per (peer, channel) and direction: two threadblocks on one would interleave its
 * messages in no defined order. RCCL also allows at most MSCCL_LIMITS.threadblocksPerChannel
 * threadblocks of each direction on a channel.
 */
export function checkConnections(gpu: MscclGpu, fail: Fail): void {
  for (const [direction, peerOf, uses] of [
    ['send', (tb: MscclThreadblock) => tb.send, sends],
    ['recv', (tb: MscclThreadblock) => tb.recv, receives],
  ] as const) {
    const byConnection = new Map<string, MscclThreadblock>();
    const perChannel = new Map<number, number>();
    for (const tb of gpu.threadblocks) {
      const peer = peerOf(tb);
      if (peer < 0) continue;
      const used = tb.steps.some((step) => uses(step.type));
      if (used) {
        const key = `${peer}:${tb.chan}`;
        const other = byConnection.get(key);
        const verb = direction === 'send' ? `sends to GPU ${peer}` : `receives from GPU ${peer}`;
        if (other) {
          fail(
            tb,
            direction,
            describeTb(gpu, tb),
            `threadblock ${other.id} also ${verb} on channel ${tb.chan}; a GPU may have one threadblock per peer, channel and direction`,
          );
        }
        byConnection.set(key, tb);
        if ((perChannel.get(tb.chan) ?? 0) >= MSCCL_LIMITS.threadblocksPerChannel) {
          fail(
            tb,
            direction,
            describeTb(gpu, tb),
            `a GPU may have at most ${MSCCL_LIMITS.threadblocksPerChannel} threadblocks with ${direction} set on channel ${tb.chan}`,
          );
        }
      }
      perChannel.set(tb.chan, (perChannel.get(tb.chan) ?? 0) + 1);
    }
  }
}
