// Where the picture puts every card, cell and link for a schedule at a size: the layout, its pixel
// geometry and the routes transfers take. The live diagram and the exported pictures both ask here,
// so arrows drawn over a snapshot land in the cells the reader saw.

import { mostWritesPerDevice, writtenSummaryLength } from '../../../core/narration';
import { type Schedule, compileSchedule, slotBuffers } from '../../../core/schedule';
import { briefTexts, longestExpression, type CardContent } from '../card/cardShape';
import { chooseFit } from './cardFit';
import { diagramGeometry, type DiagramGeometry, type Size } from './geometry';
import { deviceLayout, type DeviceLayout } from './layouts';
import { routeFinder, type RouteFinder } from '../motion/sprites';

export interface PictureGeometry {
  layout: DeviceLayout;
  geometry: DiagramGeometry;
  route: RouteFinder;
}

/** Width over height, rounded to twentieths so that small resizes keep the layout. */
export function layoutAspect(size: Size): number {
  return Math.round((size.width / Math.max(1, size.height)) * 20) / 20;
}

/** What a card holds: a cell per chunk, or where chunks move between places, a row per buffer. */
export function cardContent(schedule: Schedule): CardContent {
  const { devices, chunks } = schedule;
  const compiled = compileSchedule(schedule);
  const textChars = longestExpression(devices, chunks);
  const brief = briefTexts(devices, compiled.slots);
  // Where cells may be too small for the brief form, the card may say what its step wrote instead.
  const writes = brief ? mostWritesPerDevice(schedule) : 0;
  const summaryChars = brief ? writtenSummaryLength(devices, compiled.slots, writes) : 0;
  const summaryLineChars = brief ? writtenSummaryLength(devices, compiled.slots, writes, 2) : 0;
  const summary = { summaryChars, summaryLineChars };
  return compiled.plain
    ? { devices, chunks, textChars, brief, ...summary }
    : { devices, chunks: compiled.slots, bands: slotBuffers(compiled.layout).map((buffer) => buffer.slots), textChars, brief, ...summary };
}

/** The type a picture of `schedule` writes at `size` (px): its cells' expressions, else the line saying what each step wrote; 0 for neither. */
export function pictureTypeSize(schedule: Schedule, size: Size): number {
  const { card } = chooseFit(deviceLayout(schedule, layoutAspect(size)), size, cardContent(schedule));
  return card.textSize || card.summarySize;
}

/** The geometry of a layout at a size (the diagram memoises the layout by aspect on its own). */
export function geometryFor(schedule: Schedule, layout: DeviceLayout, size: Size): PictureGeometry {
  const geometry = diagramGeometry(layout, size, cardContent(schedule));
  return { layout, geometry, route: routeFinder(layout, geometry) };
}

let last: { schedule: Schedule; width: number; height: number; picture: PictureGeometry } | null = null;

/** Fitting cards to a large picture takes a while: a recording asks for the same one every frame. */
export function pictureGeometry(schedule: Schedule, size: Size): PictureGeometry {
  if (last && last.schedule === schedule && last.width === size.width && last.height === size.height) return last.picture;
  const picture = geometryFor(schedule, deviceLayout(schedule, layoutAspect(size)), size);
  last = { schedule, width: size.width, height: size.height, picture };
  return picture;
}
