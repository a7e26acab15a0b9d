// A GPU's part of the exported program as operations in threadblocks, in the program's order
// (exportXml.ts, "Order" and "Reductions"): per step, phase A (sends, and copies to scratch of the
// sources that must be read at the step's start) before phase B (every write, in the listed order),
// a reduce received being a receive into the threadblock's scratch and then `re`. Each operation
// lists the slots it reads and writes, from which exportDependencies.ts works out what it waits for.
// Runs of `re` that RCCL would fuse with the wrong cnt are cut into single chunks here too.

import { invariant } from '../../errors';
import type { SlotLayout } from '../../schedule/slots';
import { placeOf, range, type Piece, type Place } from './exportPieces';
import type { MscclBuffer } from './program';

export type Ref = { kind: 'slot'; slot: number } | { kind: 'recv' | 'stage'; off: number };

export interface Op {
  seq: number;
  tb: Tb;
  pos: number;
  type: 's' | 'r' | 'cpy' | 're';
  src: Ref | null;
  dst: Ref | null;
  cnt: number;
  /** The other end of a send or receive: the receiver's or sender's place (informational in MSCCL). */
  peer: Place | null;
  reads: number[];
  writes: number[];
  deps: Op[];
  hasdep: boolean;
  s: number;
  clock: Int32Array | null;
}

export interface Tb {
  send: number;
  recv: number;
  chan: number;
  local: number;
  id: number;
  ops: Op[];
  recvScratch: number;
  stageScratch: number;
  stageStep: number;
  stageNow: number;
  /** First scratch chunk of this threadblock, after the schedule's own scratch. */
  base: number;
  steps: number;
}

/** GPU g's operations in the program's order, each appended to its threadblock. */
export function operations(g: number, pieces: Piece[], byKey: Map<string, Tb>): void {
  let seq = 0;
  const add = (tb: Tb, type: Op['type'], src: Ref | null, dst: Ref | null, cnt: number, peer: Place | null, reads: number[], writes: number[]) => {
    tb.ops.push({ seq: seq++, tb, pos: 0, type, src, dst, cnt, peer, reads, writes, deps: [], hasdep: false, s: 0, clock: null });
  };
  const tbOf = (key: string) => {
    const tb = byKey.get(key);
    invariant(tb, `threadblock ${key} exists`);
    return tb;
  };
  const slot = (n: number): Ref => ({ kind: 'slot', slot: n });
  for (let start = 0; start < pieces.length;) {
    let end = start;
    while (end < pieces.length && pieces[end].step === pieces[start].step) end++;
    const stepPieces = pieces.slice(start, end);
    const k = pieces[start].step;
    // Phase A: sends, and the sources of local operations that must be read at the step's start.
    for (const p of stepPieces) {
      if (p.src === p.dst) {
        if (!p.staged) continue;
        const tb = tbOf(p.tbKey);
        if (tb.stageStep !== k) {
          tb.stageStep = k;
          tb.stageNow = 0;
        }
        p.stageOff = tb.stageNow;
        tb.stageNow += p.cnt;
        tb.stageScratch = Math.max(tb.stageScratch, tb.stageNow);
        add(tb, 'cpy', slot(p.srcSlot), { kind: 'stage', off: p.stageOff }, p.cnt, null, range(p.srcSlot, p.cnt), []);
      } else if (p.src === g) {
        add(tbOf(`s${p.dst}/${p.chan}`), 's', slot(p.srcSlot), null, p.cnt, p.dstPlace, range(p.srcSlot, p.cnt), []);
      }
    }
    // Phase B: every write, in the listed order.
    for (const p of stepPieces) {
      const dstCells = range(p.dstSlot, p.cnt);
      if (p.src === p.dst) {
        const tb = tbOf(p.tbKey);
        const src: Ref = p.staged ? { kind: 'stage', off: p.stageOff } : slot(p.srcSlot);
        const reads = [...(p.staged ? [] : range(p.srcSlot, p.cnt)), ...(p.op === 'reduce' ? dstCells : [])];
        add(tb, p.op === 'copy' ? 'cpy' : 're', src, slot(p.dstSlot), p.cnt, null, reads, dstCells);
      } else if (p.dst === g) {
        const tb = tbOf(`r${p.src}/${p.chan}`);
        if (p.op === 'copy') {
          add(tb, 'r', null, slot(p.dstSlot), p.cnt, p.srcPlace, [], dstCells);
        } else {
          tb.recvScratch = Math.max(tb.recvScratch, p.cnt);
          add(tb, 'r', null, { kind: 'recv', off: 0 }, p.cnt, p.srcPlace, [], []);
          add(tb, 're', { kind: 'recv', off: 0 }, slot(p.dstSlot), p.cnt, null, dstCells, dstCells);
        }
      }
    }
    start = end;
  }
}

function refBuffer(layout: SlotLayout, ref: Ref): MscclBuffer {
  return ref.kind === 'slot' ? placeOf(layout, ref.slot).buf : 's';
}

/**
 * RCCL merges consecutive `re` steps of a threadblock into one place from one buffer and keeps the
 * last one's cnt (docs/msccl-xml.md §3.2): where two such steps differ in cnt, both go one chunk a step.
 */
export function unfuse(tbs: Tb[], layout: SlotLayout): void {
  for (const tb of tbs) {
    for (let changed = true; changed;) {
      changed = false;
      for (let i = 1; i < tb.ops.length; i++) {
        const a = tb.ops[i - 1];
        const b = tb.ops[i];
        if (a.type !== 're' || b.type !== 're' || a.cnt === b.cnt) continue;
        invariant(a.dst?.kind === 'slot' && b.dst?.kind === 'slot' && a.src && b.src, 're writes a place');
        const same =
          a.dst.slot === b.dst.slot &&
          refBuffer(layout, a.src) === refBuffer(layout, b.src) &&
          placeOf(layout, a.dst.slot).buf === placeOf(layout, b.dst.slot).buf;
        if (!same) continue;
        tb.ops.splice(i - 1, 2, ...split(a), ...split(b));
        changed = true;
        break;
      }
    }
  }
}

function split(op: Op): Op[] {
  if (op.cnt === 1) return [op];
  const shift = (ref: Ref, c: number): Ref => (ref.kind === 'slot' ? { kind: 'slot', slot: ref.slot + c } : { kind: ref.kind, off: ref.off + c });
  invariant(op.src && op.dst?.kind === 'slot', 're writes a place');
  const { src, dst } = op;
  const fromSlot = src.kind === 'slot';
  return range(0, op.cnt).map((c) => {
    const cell = dst.slot + c;
    const reads = [...(fromSlot ? [src.slot + c] : []), cell];
    return { ...op, seq: op.seq + c / op.cnt, src: shift(src, c), dst: shift(dst, c), cnt: 1, reads, writes: [cell], deps: [] };
  });
}
