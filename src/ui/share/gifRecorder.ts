// An animated GIF of the whole run: each chosen step shown, exported (arrows, step line, caption) and
// rasterised on the page in short tasks, its pixels handed to a worker that encodes them. Progress
// counts frames encoded; Cancel stops the worker.

import type { GifEncoding } from './gifEncoderClient';

/** Frames beyond this are skipped evenly: a long run (ring on 1024 devices) stays a small file. */
const MAX_GIF_FRAMES = 120;
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
