// How wide the presenter's narration column is: about 28% of the screen (present.css), enough for a
// step's sentences on a page or two. Narrowed to its least where the picture writes smaller than a
// room reads for its number of devices and the narrower column gives it at least a pixel more:
// halving-doubling on 8, four cards a row each two expressions wide, bound by the width alone.

import type { Schedule } from '../../core/schedule';
import type { Size } from '../devices/layout/geometry';
import { pictureTypeSize } from '../devices/layout/pictureGeometry';

/** The column's least width (px), as in present.css. */
export const NARRATION_LEAST = 300;
/** Between the picture and the column, and the key under the picture (px), as in present.css. */
const GAP = 24;
const FOOTER = 44;
/** Pictures of more devices than this write no expressions in their cells. */
const WRITTEN_UP_TO = 16;
/** Type gained (px) worth the narrower column. */
const WORTH = 1;

/** The type (px) a room reads a picture of `devices` at: 24 for 4 devices or fewer, 18 for 8, 14 for 16. */
function roomReads(devices: number): number {
  return devices <= 4 ? 24 : devices <= 8 ? 18 : 14;
}

/** The column's usual width at a viewport `width` wide (px): clamp(300px, 28vw, 520px); null where the column stands under the picture (≤ 760 px). */
export function usualColumn(width: number): number | null {
  return width <= 760 ? null : Math.min(520, Math.max(NARRATION_LEAST, 0.28 * width));
}

/** The column's width where it should be narrowed from `usual` (px), else null; `main`: the picture and column together. */
export function narrowedColumn(schedule: Schedule, main: Size, usual: number): number | null {
  if (schedule.devices > WRITTEN_UP_TO || usual <= NARRATION_LEAST) return null;
  const height = main.height - FOOTER;
  const at = (column: number) => pictureTypeSize(schedule, { width: main.width - column - GAP, height });
  const now = at(usual);
  return now < roomReads(schedule.devices) && at(NARRATION_LEAST) >= now + WORTH ? NARRATION_LEAST : null;
}
