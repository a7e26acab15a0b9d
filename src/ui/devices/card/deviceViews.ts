// Everything the cards draw at one step, computed once per step: each device's cell views, its
// share of contributions held and its screen-reader description. A cell is a place (slots.ts); where
// the collective leaves a result it is checked against what that result must hold, and a place that
// holds none (scratch, an out-of-place input) shows what it holds and is never complete.

import { spanSummary, writtenSummary, type ExpressionForm } from '../../../core/narration';
import { compileSchedule, type Schedule, placeName, resultChunks, slotPlace } from '../../../core/schedule';
import type { StepCells } from '../../useStepReader';
import {
  cellKey,
  cellName,
  cellTitle,
  deviceDescription,
  expectedRange,
  heldFraction,
  isCompleteChunk,
  writesOf,
  type ChunkView,
  type FlaggedCells,
} from './chunkViews';

/** Per-cell tooltips only on pictures up to this many cells. */
const TITLE_LIMIT = 256;

export interface DeviceView {
  views: ChunkView[];
  description: string;
  /** What the step wrote on the device, in brief, as writtenSummary's pieces, for cards whose cells write nothing; null otherwise. */
  summary: string[] | null;
}

/**
 * `form`: how the cells write their expressions (the card's choice), or null where they write none;
 * `summarised`: whether the cards say what each step wrote under their cells instead.
 */
export function deviceViews(schedule: Schedule, state: StepCells, form: ExpressionForm | null, flagged: FlaggedCells | null, summarised = false): DeviceView[] {
  const { devices } = schedule;
  const { slots, plain, layout } = compileSchedule(schedule);
  const writes = writesOf(schedule, state.step);
  const titled = devices * slots <= TITLE_LIMIT;
  const place = plain ? undefined : (s: number) => placeName(layout, s);
  const out: DeviceView[] = [];
  for (let d = 0; d < devices; d++) {
    const views: ChunkView[] = [];
    const fractions: number[] = [];
    const result = plain ? null : resultChunks(layout, d);
    for (let s = 0; s < slots; s++) {
      const set = state.set(d, s);
      const chunk = result ? result[s] : s;
      const key = cellKey(d, s, slots);
      const fault = flagged?.cells.get(key) ?? null;
      const text = form !== null || titled ? state.expression(d, s) : null;
      let complete = false;
      if (chunk >= 0) {
        const expected = expectedRange(schedule, d, chunk);
        // Where chunks move, the place may hold another chunk, or strays besides its own.
        const reading = plain ? null : state.reading(d, s);
        const own = !reading || reading.chunk === chunk;
        complete = own && (!reading || reading.strays.length === 0) && isCompleteChunk(set, expected);
        fractions.push(own ? heldFraction(set, expected.lo, expected.hi) : 0);
      }
      views.push({
        set,
        complete,
        text: form === 'brief' ? state.expression(d, s, 'brief') : form ? text : null,
        received: writes.get(key) ?? null,
        flagged: fault !== null,
        fault,
        title: titled || fault !== null ? cellTitle(cellName(schedule, d, s), text, fault) : null,
        scratch: !plain && slotPlace(layout, s).buffer === 'scratch',
      });
    }
    out.push({
      views,
      description: deviceDescription(d, views, devices, fractions, place),
      summary: summarised ? summaryOf(state, d, slots, writes, plain) : null,
    });
  }
  return out;
}

/** What step `state.step` wrote on device `d`; at the start, a plain buffer's first and last chunk: a₁ … a₁₆. */
function summaryOf(state: StepCells, d: number, slots: number, writes: ReadonlyMap<number, unknown>, plain: boolean): string[] {
  if (state.step === 0) return plain && slots > 1 ? spanSummary(state.expression(d, 0, 'brief'), state.expression(d, slots - 1, 'brief')) : [];
  const written: string[] = [];
  for (let s = 0; s < slots; s++) if (writes.has(cellKey(d, s, slots))) written.push(state.expression(d, s, 'brief'));
  return writtenSummary(written);
}
