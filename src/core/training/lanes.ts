// An iteration's two lanes as a reader follows them: what runs at a time t, the names of the
// communication operations, and the operations of a lane grouped where each alone would be too short
// to see at the scale it is drawn at.

import { COLLECTIVE_NAMES } from '../schedule/ir';
import type { CommKind, CommSpan, ComputeSpan, Iteration } from './iteration';

/** Every kind of communication operation, in the order a key lists them. */
export const COMM_KINDS: readonly CommKind[] = ['allreduce', 'reduce-scatter', 'allgather', 'push', 'pull'];

export const COMM_KIND_NAMES: Readonly<Record<CommKind, string>> = {
  allreduce: COLLECTIVE_NAMES.allreduce,
  'reduce-scatter': COLLECTIVE_NAMES['reduce-scatter'],
  allgather: COLLECTIVE_NAMES.allgather,
  push: 'push',
  pull: 'pull',
};

export interface Running {
  /** The layer's pass computing at t; null while compute waits for parameters or has ended. */
  compute: ComputeSpan | null;
  /** The operation in flight at t (one stream: at most one). */
  comm: CommSpan | null;
}

/**
 * What runs at time t (µs from the iteration's start). An operation runs over [start, end), so at a
 * boundary the one that starts runs, and one that takes no time never does: a transformer's first
 * layer, the embedding lookup, is counted as no FLOPs, so at t = 0 its first block computes.
 */
export function runningAt(iteration: Iteration, t: number): Running {
  const during = (span: { startUs: number; endUs: number }) => span.startUs <= t && t < span.endUs;
  return { compute: iteration.compute.find(during) ?? null, comm: iteration.comm.find(during) ?? null };
}

interface Timed {
  startUs: number;
  endUs: number;
}

export interface OpGroup<T extends Timed> {
  /** In time order; one operation, or several merged. */
  ops: T[];
  startUs: number;
  endUs: number;
  /** The time the operations take, summed: less than endUs − startUs where they leave gaps. */
  busyUs: number;
}

/**
 * A lane's operations (in time order) grouped for a scale at which `minUs` is the shortest duration
 * a bar is drawn: a group is drawn at least minUs long from its start, so an operation that starts
 * before the group's drawn end joins it, and no two groups' bars overlap. Operations more than minUs
 * apart are never merged. An operation that takes no time never runs and is left out. With `alike`,
 * only an operation alike to the group's last joins it (the lanes' words tell a run of one kind as one).
 */
export function groupOps<T extends Timed>(ops: readonly T[], minUs: number, alike: (last: T, op: T) => boolean = () => true): OpGroup<T>[] {
  const groups: OpGroup<T>[] = [];
  for (const op of ops) {
    const duration = op.endUs - op.startUs;
    if (!(duration > 0)) continue;
    const last = groups.at(-1);
    if (last && op.startUs < Math.max(last.endUs, last.startUs + minUs) && alike(last.ops[last.ops.length - 1], op)) {
      last.ops.push(op);
      last.endUs = Math.max(last.endUs, op.endUs);
      last.busyUs += duration;
    } else {
      groups.push({ ops: [op], startUs: op.startUs, endUs: op.endUs, busyUs: duration });
    }
  }
  return groups;
}
