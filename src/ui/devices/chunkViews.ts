// What each chunk cell shows at a step: the contributions it holds, whether that is its complete
// final value, its seed expression, whether the step just wrote it, and whether it is wrong.

import { compileSchedule } from '../../core/compile';
import { isRangeOnce, type Contributions } from '../../core/contributions';
import { deviceLabel, deviceLetter } from '../../core/notation';
import type { Schedule, TransferOp } from '../../core/schedule';
import { expectedHolding, type VerifyResult } from '../../core/verify';

export interface ChunkView {
  set: Contributions;
  complete: boolean;
  /** The seed expression, e.g. (d₄+a₄); null when texts are hidden. */
  text: string | null;
  /** How the step just shown wrote this chunk, if it did. */
  received: TransferOp | null;
  /** The first violation sits here at this step. */
  flagged: boolean;
  /** Tooltip: the expression, on pictures small enough to afford one per cell. */
  title: string | null;
}

export interface ExpectedRange {
  lo: number;
  hi: number;
}

/** The contributions (d, c) must end with; all devices where the collective leaves it open. */
export function expectedRange(schedule: Schedule, device: number, chunk: number): ExpectedRange {
  return expectedHolding(schedule.collective, compileSchedule(schedule), device, chunk) ?? { lo: 0, hi: schedule.devices };
}

/** Share of the expected contributions [lo, hi) the set holds, each counted once. */
export function heldFraction(set: Contributions, lo: number, hi: number): number {
  let held = 0;
  for (let i = 0; i < set.length; i += 3) held += Math.max(0, Math.min(hi, set[i + 1]) - Math.max(lo, set[i]));
  return hi > lo ? held / (hi - lo) : 1;
}

export function isCompleteChunk(set: Contributions, expected: ExpectedRange): boolean {
  return isRangeOnce(set, expected.lo, expected.hi);
}

/** Key of a (device, chunk) cell. */
export function cellKey(device: number, chunk: number, chunks: number): number {
  return device * chunks + chunk;
}

/** The cells step `shown` (1-based) wrote, with how; empty at step 0. */
export function writesOf(schedule: Schedule, shown: number): Map<number, TransferOp> {
  const writes = new Map<number, TransferOp>();
  const step = shown > 0 ? schedule.steps[shown - 1] : undefined;
  for (const t of step?.transfers ?? []) writes.set(cellKey(t.dst, t.chunk, schedule.chunks), t.op);
  return writes;
}

export interface FlaggedCells {
  cells: Set<number>;
  devices: Set<number>;
  message: string;
  /** A few words for the badge: "lacks a", "b twice". */
  short: string;
}

const SHORT: Record<string, (letter: string) => string> = {
  missing: (letter) => `lacks ${letter}`,
  doubled: (letter) => `${letter} twice`,
  unexpected: (letter) => `stray ${letter}`,
};

/**
 * Where the first violation shows at step `shown`: where the faulty value was produced from its step
 * on, and where it ends up once the last step is shown.
 */
export function flaggedAt(verification: VerifyResult | null, schedule: Schedule, shown: number): FlaggedCells | null {
  const violation = verification?.violation;
  if (!violation || shown < violation.step) return null;
  const cells = new Set([cellKey(violation.device, violation.chunk, schedule.chunks)]);
  const devices = new Set([violation.device]);
  if (shown >= schedule.steps.length) {
    cells.add(cellKey(violation.heldBy.device, violation.heldBy.chunk, schedule.chunks));
    devices.add(violation.heldBy.device);
  }
  return { cells, devices, message: violation.message, short: SHORT[violation.kind](deviceLetter(violation.contribution)) };
}

function sameSet(a: Contributions, b: Contributions): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameChunkView(x: ChunkView, y: ChunkView): boolean {
  return x === y || (x.complete === y.complete && x.text === y.text && x.received === y.received && x.flagged === y.flagged && x.title === y.title && sameSet(x.set, y.set));
}

export function sameChunkViews(a: readonly ChunkView[], b: readonly ChunkView[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameChunkView(a[i], b[i])) return false;
  return true;
}

function holders(set: Contributions): string {
  const parts: string[] = [];
  for (let i = 0; i < set.length; i += 3) {
    for (let d = set[i]; d < set[i + 1]; d++) parts.push(set[i + 2] > 1 ? `${deviceLetter(d)} ×${set[i + 2]}` : deviceLetter(d));
  }
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Short screen-reader text: every chunk's holders on small pictures, a summary on large ones. */
export function deviceDescription(device: number, views: readonly ChunkView[], devices: number, fractions: readonly number[]): string {
  const name = `${deviceLabel(device)} (${deviceLetter(device)})`;
  const flagged = views.findIndex((v) => v.flagged);
  const problem = flagged >= 0 ? `; violation in chunk ${flagged + 1}` : '';
  if (devices <= 8 && views.length <= 8) {
    const chunks = views.map((v, c) => (v.complete ? `chunk ${c + 1} complete` : `chunk ${c + 1} holds ${holders(v.set)}`));
    return `${name}: ${chunks.join('; ')}${problem}`;
  }
  const complete = views.filter((v) => v.complete).length;
  const held = fractions.reduce((sum, f) => sum + f, 0) / Math.max(1, fractions.length);
  return `${name}: ${complete} of ${views.length} chunks complete, ${Math.round(held * 100)}% of contributions held${problem}`;
}
