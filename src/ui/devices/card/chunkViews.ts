// What each chunk cell shows at a step: the contributions it holds, whether that is its complete
// final value, its seed expression, whether the step just wrote it, and whether it is wrong. A cell is
// a place on a device (slots.ts): a chunk of a plain schedule's buffer, or of the input, output or
// scratch of a schedule that moves chunks between places.

import { compileSchedule, type Schedule, type TransferOp, placeName, slotTransfers } from '../../../core/schedule';
import { isRangeOnce, type Contributions, expectedHolding, type VerifyResult } from '../../../core/symbolic';
import { deviceLabel, deviceLetter } from '../../../core/notation';
import { faultNote } from '../../../core/diagnosis';
import { faultsOf, originNote } from '../../faults/faultsOf';
import { plural } from '../../../core/units';

export interface ChunkView {
  set: Contributions;
  complete: boolean;
  /** The seed expression, e.g. (d₄+a₄); null when texts are hidden. */
  text: string | null;
  /** How the step just shown wrote this chunk, if it did. */
  received: TransferOp | null;
  /** The cell holds a wrong value at this step (one that ends wrong, or where it was made). */
  flagged: boolean;
  /** What is wrong with it, in the seeds' notation ("lacks a₁, b₁"); null when not flagged. */
  fault: string | null;
  /** Tooltip: the expression, on pictures small enough to afford one per cell. */
  title: string | null;
  /** A place in scratch, drawn apart from the data's. */
  scratch: boolean;
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

/** Key of a (device, slot) cell, among `slots` per device. */
export function cellKey(device: number, slot: number, slots: number): number {
  return device * slots + slot;
}

/** The cells step `shown` (1-based) wrote, with how; empty at step 0. */
export function writesOf(schedule: Schedule, shown: number): Map<number, TransferOp> {
  const writes = new Map<number, TransferOp>();
  const step = shown > 0 ? schedule.steps[shown - 1] : undefined;
  if (!step) return writes;
  const compiled = compileSchedule(schedule);
  for (const t of slotTransfers(compiled, step)) writes.set(cellKey(t.dst, t.chunk, compiled.slots), t.op);
  return writes;
}

/** A cell's name: "GPU-1 chunk 4", or where chunks move between places "GPU-1 scratch chunk 2". */
export function cellName(schedule: Schedule, device: number, slot: number): string {
  const compiled = compileSchedule(schedule);
  return compiled.plain ? `${deviceLabel(device)} chunk ${slot + 1}` : `${deviceLabel(device)} ${placeName(compiled.layout, slot)}`;
}

export interface FlaggedCells {
  /** Flagged cells by cellKey, each with what is wrong there. */
  cells: Map<number, string>;
  devices: Set<number>;
  /** The first violation, as the command line names it. */
  message: string;
  /** The line under the picture: the first violation, and at the end how many chunks end wrong. */
  verdict: string;
  /** A few words for the badge: what every flagged chunk has wrong when they agree; empty otherwise. */
  short: string;
}

/** Longest note a badge spells out; longer ones stay in the cells' tooltips. */
const BADGE_CHARS = 18;
/** Badges spell out their note only on this many flagged cards or fewer: more would cover the picture. */
const SPELLED_BADGES = 4;

/**
 * Where wrong values sit at step `shown` (1-based): every cell that ends wrong, from the step that wrote
 * its final value, and each cell where such a value was made, while it holds it.
 */
export function flaggedAt(verification: VerifyResult | null, schedule: Schedule, shown: number): FlaggedCells | null {
  const violation = verification?.violation;
  if (!violation) return null;
  const faults = faultsOf(schedule);
  const { slots } = compileSchedule(schedule);
  const cells = new Map<number, string>();
  for (const fault of faults) if (shown >= fault.since) cells.set(cellKey(fault.device, fault.slot, slots), faultNote(fault));
  for (const fault of faults) {
    const key = cellKey(fault.origin.device, fault.origin.slot, slots);
    if (shown >= fault.origin.step && shown < fault.originUntil && !cells.has(key)) cells.set(key, originNote(fault));
  }
  if (cells.size === 0) return null;
  const devices = new Set([...cells.keys()].map((key) => Math.floor(key / slots)));
  const notes = new Set(cells.values());
  const only = notes.size === 1 ? [...notes][0] : null;
  const atEnd = shown >= schedule.steps.length;
  const count = plural(faults.length, 'chunk');
  return {
    cells,
    devices,
    message: violation.message,
    verdict: atEnd ? `Not correct: ${count} end wrong. First: ${violation.message}` : `Not correct: ${violation.message}`,
    short: only && only.length <= BADGE_CHARS && devices.size <= SPELLED_BADGES ? only : '',
  };
}

/** A cell's tooltip: its name (cellName), its value, and what is wrong with it. */
export function cellTitle(name: string, text: string | null, fault: string | null): string {
  if (fault === null) return `${name}: ${text}`;
  return text === null ? `${name} ${fault}` : `${name}: ${text} — ${fault}`;
}

function sameSet(a: Contributions, b: Contributions): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function sameChunkView(x: ChunkView, y: ChunkView): boolean {
  return (
    x === y ||
    (x.complete === y.complete &&
      x.text === y.text &&
      x.received === y.received &&
      x.flagged === y.flagged &&
      x.fault === y.fault &&
      x.title === y.title &&
      x.scratch === y.scratch &&
      sameSet(x.set, y.set))
  );
}

export function sameChunkViews(a: readonly ChunkView[], b: readonly ChunkView[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameChunkView(a[i], b[i])) return false;
  return true;
}

function holders(set: Contributions, devices: number): string {
  const parts: string[] = [];
  for (let i = 0; i < set.length; i += 3) {
    for (let d = set[i]; d < set[i + 1]; d++) parts.push(set[i + 2] > 1 ? `${deviceLetter(d, devices)} ×${set[i + 2]}` : deviceLetter(d, devices));
  }
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/**
 * Short screen-reader text: every chunk's holders on small pictures, a summary on large ones.
 * `place(c)` names cell c within the device ("chunk 2", "scratch chunk 1").
 */
export function deviceDescription(
  device: number,
  views: readonly ChunkView[],
  devices: number,
  fractions: readonly number[],
  place: (cell: number) => string = (c) => `chunk ${c + 1}`,
): string {
  const name = `${deviceLabel(device)} (${deviceLetter(device, devices)})`;
  // Counted in plain loops: every card of a 64-device picture says this again at every step.
  const faults: string[] = [];
  let complete = 0;
  for (let c = 0; c < views.length; c++) {
    if (views[c].fault) faults.push(`${place(c)} ${views[c].fault}`);
    if (views[c].complete) complete++;
  }
  const problem = faults.length > 0 ? `; wrong: ${faults.slice(0, 3).join('; ')}${faults.length > 3 ? `; and ${faults.length - 3} more` : ''}` : '';
  if (devices <= 8 && views.length <= 8) {
    const chunks = views.map((v, c) => (v.complete ? `${place(c)} complete` : `${place(c)} holds ${holders(v.set, devices)}`));
    return `${name}: ${chunks.join('; ')}${problem}`;
  }
  let sum = 0;
  for (const f of fractions) sum += f;
  const held = sum / Math.max(1, fractions.length);
  return `${name}: ${complete} of ${views.length} chunks complete, ${Math.round(held * 100)}% of contributions held${problem}`;
}
