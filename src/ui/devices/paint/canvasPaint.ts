// A canvas made ready to paint a picture of `size` page pixels: sharp at the screen's pixel ratio,
// cleared, scaled so that drawing uses page pixels. Null where there is nothing to paint on (jsdom,
// which only pretends to have a canvas).

import type { Size } from '../layout/geometry';

export function canvasToPaint(canvas: HTMLCanvasElement, size: Size): CanvasRenderingContext2D | null {
  if (typeof navigator === 'undefined' || /jsdom/i.test(navigator.userAgent)) return null;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  // Setting a size clears too, but also makes a new bitmap: done only when the size changed.
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, width, height);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}
