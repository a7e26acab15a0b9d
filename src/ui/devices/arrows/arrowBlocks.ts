// A step's transfers gathered into the arrows a room follows. Where a device sends a run of
// neighbouring cells to the same cells of one device in one message (halving-doubling's halves and
// quarters), one arrow from the block of sending cells to the block of receiving cells says what
// happens: "GPU-0's chunks 5–8 go to GPU-4". Eight arrows over the same two cards said it as a bundle
// no one could follow. A block is a rectangle of the card's grid, so its outline is one box.

import type { TransferOp } from '../../../core/schedule';
import { cellOffset } from '../layout/geometry';
import type { CardShape } from '../card/cardShape';

export interface BlockTransfer {
  src: number;
  dst: number;
  chunk: number;
  srcChunk?: number;
  op: TransferOp;
}

export interface ArrowBlock<T extends BlockTransfer> {
  /** The block's transfers, in place order: the first sends from `from` to `chunk`. */
  transfers: T[];
  src: number;
  dst: number;
  /** The first source and destination places; the block holds `count` places from each. */
  from: number;
  chunk: number;
  count: number;
}

const fromOf = (t: BlockTransfer) => t.srcChunk ?? t.chunk;

/** Whether places first … first + count − 1 of a card fill a rectangle of its grid. */
function rectangle(card: CardShape, first: number, count: number): boolean {
  const xs = new Set<number>();
  const ys = new Set<number>();
  for (let place = first; place < first + count; place++) {
    const { x, y } = cellOffset(card, place);
    xs.add(Math.round(x));
    ys.add(Math.round(y));
  }
  return xs.size * ys.size === count;
}

/**
 * The transfers as blocks, in the order of their first transfer; `same` says which two may share an
 * arrow (the link they follow, for a double tree's colours). A run of places that is no rectangle on
 * its cards is cut into rectangles, each the longest that fits from where the last ended.
 */
export function arrowBlocks<T extends BlockTransfer>(transfers: readonly T[], card: CardShape, same: (a: T, b: T) => boolean): ArrowBlock<T>[] {
  const sorted = transfers.map((t, i) => ({ t, i })).sort((a, b) => a.t.src - b.t.src || a.t.dst - b.t.dst || a.t.chunk - b.t.chunk || a.i - b.i);
  // Runs: one message's neighbouring places, the same shift between source and destination.
  const runs: { items: { t: T; i: number }[] }[] = [];
  for (const item of sorted) {
    const run = runs[runs.length - 1];
    const last = run?.items[run.items.length - 1].t;
    const follows =
      last !== undefined &&
      last.src === item.t.src &&
      last.dst === item.t.dst &&
      last.op === item.t.op &&
      item.t.chunk === last.chunk + 1 &&
      fromOf(item.t) === fromOf(last) + 1 &&
      same(last, item.t);
    if (follows) run.items.push(item);
    else runs.push({ items: [item] });
  }
  const blocks: { block: ArrowBlock<T>; first: number }[] = [];
  for (const { items } of runs) {
    let start = 0;
    while (start < items.length) {
      let count = items.length - start;
      const head = items[start].t;
      while (count > 1 && !(rectangle(card, head.chunk, count) && rectangle(card, fromOf(head), count))) count--;
      const part = items.slice(start, start + count);
      blocks.push({
        block: { transfers: part.map((p) => p.t), src: head.src, dst: head.dst, from: fromOf(head), chunk: head.chunk, count },
        first: Math.min(...part.map((p) => p.i)),
      });
      start += count;
    }
  }
  return blocks.sort((a, b) => a.first - b.first).map((b) => b.block);
}

/** Whether some step sends neighbouring cells from one device to another: its arrows may then carry blocks. */
export function sendsBlocks(steps: readonly { transfers: readonly BlockTransfer[] }[]): boolean {
  return steps.some(({ transfers }) => {
    const sent = new Set(transfers.map((t) => `${t.src}>${t.dst}:${t.op}:${fromOf(t)}>${t.chunk}`));
    return transfers.some((t) => sent.has(`${t.src}>${t.dst}:${t.op}:${fromOf(t) + 1}>${t.chunk + 1}`));
  });
}
