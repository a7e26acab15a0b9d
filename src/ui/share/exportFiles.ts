// The files the share menu saves, as Blobs: the Chrome trace and schedule of what is shown, and the
// devices picture as SVG or PNG. Each needs only the state and the simulator's root element.

import { traceJsonPieces } from '../../core/trace';
import type { Derived } from '../../store/derive';
import { cssColor } from '../cssColor';
import { scheduleJson } from '../loader/scheduleJson';
import { canRaster, findPicture, type Picture } from './picture';
import { canvasBlob, rasterPicture, type PictureText } from './raster';
import { snapshotSvg } from './svgSnapshot';

export const JSON_TYPE = 'application/json';
export const SVG_TYPE = 'image/svg+xml';

/** Why an export cannot be made here, said to the person who asked for it. */
export class ExportUnavailable extends Error {}

export function traceBlob(derived: Derived, elements: number): Blob {
  return new Blob([...traceJsonPieces(derived.schedule, elements, derived.topology, 16384)], { type: JSON_TYPE });
}

export function scheduleBlob(derived: Derived): Blob {
  return new Blob([scheduleJson(derived.schedule)], { type: JSON_TYPE });
}

export function pictureOf(root: ParentNode): Picture {
  const picture = findPicture(root);
  if (!picture) throw new ExportUnavailable('There is no devices picture to export yet');
  return picture;
}

export function pictureText(picture: Picture, title: string): PictureText {
  const backdrop = picture.element.closest('.gs-devices') ?? picture.element.parentElement ?? picture.element;
  return { background: cssColor(backdrop, '--gs-panel', '#ffffff'), title };
}

function requireRaster(win: Window & typeof globalThis, what: string): void {
  if (!canRaster(win)) throw new ExportUnavailable(`${what} needs a browser that can draw images into a canvas; it is not available here`);
}

export async function svgBlob(picture: Picture, title: string): Promise<Blob> {
  const text = pictureText(picture, title);
  if (picture.kind === 'svg') return new Blob([snapshotSvg(picture.element, text.background, text.title).text], { type: SVG_TYPE });
  // The aggregate view is pixels already: the SVG wraps them as an image.
  const win = picture.element.ownerDocument.defaultView!;
  requireRaster(win, 'An SVG of the aggregate view');
  const canvas = await rasterPicture(picture, text, { scale: 2 });
  const width = canvas.width / 2;
  const height = canvas.height / 2;
  const escaped = title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escaped}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><title>${escaped}</title><image href="${canvas.toDataURL('image/png')}" width="${width}" height="${height}"/></svg>\n`;
  return new Blob([svg], { type: SVG_TYPE });
}

export async function pngBlob(picture: Picture, title: string): Promise<Blob> {
  requireRaster(picture.element.ownerDocument.defaultView!, 'PNG export');
  return canvasBlob(await rasterPicture(picture, pictureText(picture, title), { scale: 2 }));
}
