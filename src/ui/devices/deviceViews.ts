// Everything the cards draw at one step, computed once per step: each device's chunk views, its
// share of contributions held and its screen-reader description.

import type { Schedule } from '../../core/schedule';
import type { StepCells } from '../useTracker';
import { cellKey, cellTitle, deviceDescription, expectedRange, heldFraction, isCompleteChunk, writesOf, type ChunkView, type FlaggedCells } from './chunkViews';

/** Per-cell tooltips only on pictures up to this many cells. */
const TITLE_LIMIT = 256;

export interface DeviceView {
  views: ChunkView[];
  description: string;
}

export function deviceViews(schedule: Schedule, state: StepCells, withText: boolean, flagged: FlaggedCells | null): DeviceView[] {
  const { devices, chunks } = schedule;
  const writes = writesOf(schedule, state.step);
  const titled = devices * chunks <= TITLE_LIMIT;
  const out: DeviceView[] = [];
  for (let d = 0; d < devices; d++) {
    const views: ChunkView[] = [];
    const fractions: number[] = [];
    for (let c = 0; c < chunks; c++) {
      const set = state.set(d, c);
      const expected = expectedRange(schedule, d, c);
      const key = cellKey(d, c, chunks);
      const fault = flagged?.cells.get(key) ?? null;
      const text = withText || titled ? state.expression(d, c) : null;
      views.push({
        set,
        complete: isCompleteChunk(set, expected),
        text: withText ? text : null,
        received: writes.get(key) ?? null,
        flagged: fault !== null,
        fault,
        title: titled || fault !== null ? cellTitle(d, c, text, fault) : null,
      });
      fractions.push(heldFraction(set, expected.lo, expected.hi));
    }
    out.push({ views, description: deviceDescription(d, views, devices, fractions) });
  }
  return out;
}
