// The files the share menu saves, as Blobs: the Chrome trace (timed as the timeline is) and schedule
// of what is shown, and the devices picture as SVG or PNG, with the step's transfers, the step, the
// legend and a caption (see exportDocument.ts). Each needs only the state and the simulator's root
// element.

import { dataflowTraceSource, mscclXml, scheduleJsonPieces, traceJsonPieces, traceSourcePieces } from '../../core/formats';
import type { ReduceOp } from '../../core/ops';
import type { Derived } from '../../store/derive';
import type { TimelineTiming } from '../../store/simStore';
import { torchProgramText } from '../../store/torchExport';
import type { ExportSvg } from './exportDocument';
import { pictureExport, type ExportState } from './exportPicture';
import { canRaster, findPicture, type Picture } from './picture';
import { canvasBlob, rasterSvg } from './raster';

const JSON_TYPE = 'application/json';
const SVG_TYPE = 'image/svg+xml';

/** Why an export cannot be made here, said to the person who asked for it. */
export class ExportUnavailable extends Error {}

const TRACE_EVENTS_PER_PIECE = 16384;

/** The trace `gradsync trace --timing T` writes: step by step ('steps') or as soon as ready ('dataflow'). */
export function traceBlob(derived: Derived, elements: number, timing: TimelineTiming): Blob {
  const { schedule, topology } = derived;
  const pieces =
    timing === 'dataflow'
      ? traceSourcePieces(dataflowTraceSource(schedule, elements, topology), TRACE_EVENTS_PER_PIECE)
      : traceJsonPieces(schedule, elements, topology, TRACE_EVENTS_PER_PIECE);
  return new Blob([...pieces], { type: JSON_TYPE });
}

/** What the trace's file name says it is: an as-soon-as-ready trace says so. */
export function traceFileWhat(timing: TimelineTiming): string {
  return timing === 'dataflow' ? 'trace-as-soon-as-ready' : 'trace';
}

/** The program `gradsync export --format torch --op OP` writes for the schedule shown. */
export function torchBlob(derived: Derived, op: ReduceOp): Blob {
  return new Blob([torchProgramText(derived.schedule, op)], { type: 'text/x-python' });
}

/** The MSCCL algorithm `gradsync export --format msccl-xml` writes, for NCCL or RCCL with MSCCL. */
export function mscclBlob(derived: Derived): Blob {
  return new Blob([mscclXml(derived.schedule)], { type: 'application/xml' });
}

/** The same text `gradsync schedule` prints, in pieces so a ring on 1024 devices is no one huge string. */
export function scheduleBlob(derived: Derived): Blob {
  return new Blob([...scheduleJsonPieces(derived.schedule)], { type: JSON_TYPE });
}

export function pictureOf(root: ParentNode): Picture {
  const picture = findPicture(root);
  if (!picture) throw new ExportUnavailable('There is no devices picture to export yet');
  return picture;
}

function requireRaster(win: Window & typeof globalThis, what: string): void {
  if (!canRaster(win)) throw new ExportUnavailable(`${what} needs a browser that can draw images into a canvas; it is not available here`);
}

/** The picture's export SVG; the aggregate view's pixels need a real canvas. */
function exportOf(picture: Picture, state: ExportState, title: string, what: string): Promise<ExportSvg> {
  if (picture.kind === 'canvas') requireRaster(picture.element.ownerDocument.defaultView!, what);
  return pictureExport(picture, state, title, { slicing: null, aggregateImage: (canvas) => canvas.toDataURL('image/png') });
}

export async function svgBlob(picture: Picture, title: string, state: ExportState): Promise<Blob> {
  const svg = await exportOf(picture, state, title, 'An SVG of the aggregate view');
  return new Blob([svg.text], { type: SVG_TYPE });
}

/** The export at twice its size. */
export async function pngBlob(picture: Picture, title: string, state: ExportState): Promise<Blob> {
  requireRaster(picture.element.ownerDocument.defaultView!, 'PNG export');
  const svg = await exportOf(picture, state, title, 'PNG export');
  return canvasBlob(await rasterSvg(svg, 2, picture.element.ownerDocument));
}
