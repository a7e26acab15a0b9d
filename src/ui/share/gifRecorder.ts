// An animated GIF of the whole run: the picture at each chosen step, rasterised and encoded one frame
// at a time with gifenc (each frame its own 256-colour palette), yielding to the page between frames
// so progress shows and Cancel works. The encoder is loaded only when a GIF is recorded.

/** Frames beyond this are skipped evenly: a long run (ring on 1024 devices) stays a small file. */
export const MAX_GIF_FRAMES = 120;
export const GIF_WIDTH = 640;
/** The last frame holds this long before the loop starts again. */
const HOLD_LAST_MS = 2500;

/** Steps to capture: 0 … total, evenly thinned to at most `maxFrames`, the first and last always in. */
export function gifSteps(total: number, maxFrames = MAX_GIF_FRAMES): number[] {
  if (total + 1 <= maxFrames) return Array.from({ length: total + 1 }, (_, s) => s);
  const steps: number[] = [];
  for (let i = 0; i < maxFrames; i++) steps.push(Math.round((i * total) / (maxFrames - 1)));
  return [...new Set(steps)];
}

export interface GifRecording {
  steps: number[];
  /** Shows step `step` and resolves once it is painted. */
  show(step: number): Promise<void>;
  /** The picture as it is now, about GIF_WIDTH px wide. */
  capture(): Promise<HTMLCanvasElement>;
  frameMs: number;
  onProgress(done: number, total: number): void;
  signal: AbortSignal;
}

/** The GIF, or null when cancelled. */
export async function recordGif(recording: GifRecording): Promise<Blob | null> {
  const { steps, signal } = recording;
  const { applyPalette, GIFEncoder, quantize } = await import('gifenc');
  const encoder = GIFEncoder();
  let frame: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } | null = null;
  for (let i = 0; i < steps.length; i++) {
    if (signal.aborted) return null;
    recording.onProgress(i, steps.length);
    await recording.show(steps[i]);
    if (signal.aborted) return null;
    const shot = await recording.capture();
    if (!frame) {
      // Every frame has the first one's size, even if the page is resized while recording.
      const canvas = shot.ownerDocument.createElement('canvas');
      canvas.width = shot.width;
      canvas.height = shot.height;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('this browser cannot draw into a canvas');
      frame = { canvas, context };
    }
    const { canvas, context } = frame;
    context.drawImage(shot, 0, 0, canvas.width, canvas.height);
    const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
    const palette = quantize(rgba, 256);
    const delay = i === steps.length - 1 ? HOLD_LAST_MS : recording.frameMs;
    encoder.writeFrame(applyPalette(rgba, palette), canvas.width, canvas.height, { palette, delay, repeat: 0 });
  }
  recording.onProgress(steps.length, steps.length);
  encoder.finish();
  return new Blob([encoder.bytes() as Uint8Array<ArrayBuffer>], { type: 'image/gif' });
}
