// An animated GIF of the whole run: each chosen step shown, exported (arrows, step line, caption) and
// rasterised on the page in short tasks, its pixels handed to a worker that encodes them. Progress
// counts frames encoded; Cancel stops the worker.

import type { GifEncoding } from './gifEncoderClient';

/** Frames beyond this are skipped evenly: a long run (ring on 1024 devices) stays a small file. */
const MAX_GIF_FRAMES = 120;
/** A GIF in a post is shown at most this wide (CSS px), on screens of 2 device pixels per px. */
export const GIF_SHOWN_WIDTH = 640;
const PIXEL_RATIO = 2;
/** GPU names take at least this many of the GIF's own pixels. */
const NAME_PX = 16;
const MAX_GIF_WIDTH = 2560;
/** The last frame holds this long before the loop starts again. */
const HOLD_LAST_MS = 2500;

/** Steps to capture: 0 … total, evenly thinned to at most `maxFrames`, the first and last always in. */
export function gifSteps(total: number, maxFrames = MAX_GIF_FRAMES): number[] {
  if (total + 1 <= maxFrames) return Array.from({ length: total + 1 }, (_, s) => s);
  const steps: number[] = [];
  for (let i = 0; i < maxFrames; i++) steps.push(Math.round((i * total) / (maxFrames - 1)));
  return [...new Set(steps)];
}

/**
 * The GIF's width for a picture `pictureWidth` px wide whose smallest GPU name is `namePx` px (0: it
 * writes none): twice the width it is shown at, or wider where the names would fall under NAME_PX.
 */
export function gifWidth(pictureWidth: number, namePx: number): number {
  const sharp = Math.min(GIF_SHOWN_WIDTH, pictureWidth) * PIXEL_RATIO;
  const legible = namePx > 0 ? (pictureWidth * NAME_PX) / namePx : 0;
  return Math.round(Math.min(MAX_GIF_WIDTH, Math.max(sharp, legible)));
}

export interface GifRecording {
  steps: number[];
  /** Shows step `step` and resolves once it is painted. */
  show(step: number): Promise<void>;
  /** The export of what is shown, as pixels of the GIF's size. */
  capture(): Promise<ImageData>;
  encoding: GifEncoding;
  frameMs: number;
  onProgress(done: number, total: number): void;
  signal: AbortSignal;
}

/** The GIF, or null when cancelled. */
export async function recordGif(recording: GifRecording): Promise<Blob | null> {
  const { steps, signal, encoding } = recording;
  const stop = () => encoding.close();
  signal.addEventListener('abort', stop);
  try {
    recording.onProgress(0, steps.length);
    for (let i = 0; i < steps.length; i++) {
      await recording.show(steps[i]);
      if (signal.aborted) return null;
      const frame = await recording.capture();
      if (signal.aborted) return null;
      await encoding.add(frame, i === steps.length - 1 ? HOLD_LAST_MS : recording.frameMs);
    }
    const blob = await encoding.finish();
    return signal.aborted ? null : blob;
  } catch (error) {
    if (signal.aborted) return null;
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    encoding.close();
  }
}
