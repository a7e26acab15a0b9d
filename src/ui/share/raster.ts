// Pixels of an export SVG: decoded as an image and drawn into a canvas at a chosen scale (2× for
// PNG), or into the fixed-size frames of a GIF.

import type { ExportSvg } from './exportDocument';

export async function loadSvgImage(svg: ExportSvg, doc: Document): Promise<HTMLImageElement> {
  const win = doc.defaultView!;
  const image = new win.Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
  try {
    // decode() prepares the image away from the page's own work where the browser can.
    await image.decode();
  } catch {
    throw new Error('the picture could not be drawn as an image');
  }
  return image;
}

function context2d(canvas: HTMLCanvasElement | OffscreenCanvas): CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) throw new Error('this browser cannot draw into a canvas');
  return context;
}

export async function rasterSvg(svg: ExportSvg, scale: number, doc: Document): Promise<HTMLCanvasElement> {
  const image = await loadSvgImage(svg, doc);
  const canvas = doc.createElement('canvas');
  canvas.width = Math.max(1, Math.round(svg.width * scale));
  canvas.height = Math.max(1, Math.round(svg.height * scale));
  context2d(canvas).drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas;
}

export function canvasBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser could not encode the image'))), type);
  });
}

/**
 * Frames of one size for a GIF: the first export sets it (`width` px wide, its height in
 * proportion); later ones are drawn to fit inside it, centred, on the first one's backdrop colour.
 */
export class FrameCanvas {
  private canvas: OffscreenCanvas | HTMLCanvasElement | null = null;
  /** The first frame's top-left pixel: the export's backdrop. */
  private backdrop = 'transparent';

  constructor(
    private readonly doc: Document,
    private readonly width: number,
  ) {}

  draw(image: CanvasImageSource, imageWidth: number, imageHeight: number): ImageData {
    if (!this.canvas) {
      const height = Math.max(1, Math.round((imageHeight * this.width) / imageWidth));
      const win = this.doc.defaultView as (Window & typeof globalThis) | null;
      this.canvas =
        typeof win?.OffscreenCanvas === 'function'
          ? new win.OffscreenCanvas(this.width, height)
          : Object.assign(this.doc.createElement('canvas'), { width: this.width, height });
    }
    const { width, height } = this.canvas;
    const context = context2d(this.canvas);
    const scale = Math.min(width / imageWidth, height / imageHeight);
    const drawnWidth = imageWidth * scale;
    const drawnHeight = imageHeight * scale;
    context.fillStyle = this.backdrop;
    context.clearRect(0, 0, width, height);
    context.fillRect(0, 0, width, height);
    context.drawImage(image, (width - drawnWidth) / 2, (height - drawnHeight) / 2, drawnWidth, drawnHeight);
    const frame = context.getImageData(0, 0, width, height);
    if (this.backdrop === 'transparent') this.backdrop = `rgba(${frame.data[0]}, ${frame.data[1]}, ${frame.data[2]}, ${frame.data[3] / 255})`;
    return frame;
  }
}
