// Pixels of the devices picture: the SVG snapshot decoded as an image and drawn into a canvas at a
// chosen scale (2× for PNG, about 640 px wide for GIF frames), or the aggregate canvas redrawn.

import type { Picture } from './picture';
import { snapshotSvg, type SvgSnapshot } from './svgSnapshot';

function loadImage(url: string, win: Window & typeof globalThis): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new win.Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the picture could not be drawn as an image'));
    image.src = url;
  });
}

function blankCanvas(doc: Document, width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = doc.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('this browser cannot draw into a canvas');
  return { canvas, context };
}

export async function rasterSvg(snapshot: SvgSnapshot, scale: number, doc: Document): Promise<HTMLCanvasElement> {
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(snapshot.text)}`;
  const image = await loadImage(url, doc.defaultView!);
  const { canvas, context } = blankCanvas(doc, snapshot.width * scale, snapshot.height * scale);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The aggregate canvas redrawn at `scale` of its CSS size, on the background colour. */
export function rasterCanvas(source: HTMLCanvasElement, scale: number, background: string): HTMLCanvasElement {
  const cssWidth = source.clientWidth || source.width;
  const cssHeight = source.clientHeight || source.height;
  const { canvas, context } = blankCanvas(source.ownerDocument, cssWidth * scale, cssHeight * scale);
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export interface PictureText {
  background: string;
  title: string;
}

/** Scale `scale` of the picture's CSS size, or `width` px wide when given. */
export async function rasterPicture(picture: Picture, text: PictureText, size: { scale: number } | { width: number }): Promise<HTMLCanvasElement> {
  if (picture.kind === 'canvas') {
    const cssWidth = picture.element.clientWidth || picture.element.width || 1;
    return rasterCanvas(picture.element, 'scale' in size ? size.scale : size.width / cssWidth, text.background);
  }
  const snapshot = snapshotSvg(picture.element, text.background, text.title);
  return rasterSvg(snapshot, 'scale' in size ? size.scale : size.width / snapshot.width, picture.element.ownerDocument);
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the image'))), type);
  });
}
