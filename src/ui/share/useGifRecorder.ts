// Recording the run as a GIF: pause, show every step from the start, capture each, then go back to
// the step that was shown. Progress is state for the menu; Cancel (or unmounting) aborts.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { SimStore } from '../../store/simStore';
import { totalSteps } from '../../store/simStore';
import { ExportUnavailable, pictureOf, pictureText } from './exportFiles';
import { GIF_WIDTH, gifSteps, recordGif } from './gifRecorder';
import { canRaster } from './picture';
import { rasterPicture } from './raster';

export interface GifProgress {
  done: number;
  total: number;
}

/** Frames show at the player's pace, within what GIF viewers honour well. */
const MIN_FRAME_MS = 200;
const MAX_FRAME_MS = 2000;
/** A hidden tab runs no animation frames: paint is then waited for this long at most. */
const PAINT_TIMEOUT_MS = 250;

/** Resolves after `count` animation frames (the step is then rendered and painted). */
function painted(win: Window & typeof globalThis, count: number): Promise<void> {
  return new Promise((resolve) => {
    let left = count;
    const timer = win.setTimeout(resolve, PAINT_TIMEOUT_MS);
    const tick = () => {
      if (--left > 0) win.requestAnimationFrame(tick);
      else {
        win.clearTimeout(timer);
        resolve();
      }
    };
    win.requestAnimationFrame(tick);
  });
}

export function useGifRecorder(store: SimStore, say: (text: string) => void, fail: (error: unknown) => void) {
  const [progress, setProgress] = useState<GifProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const record = useCallback(
    async (root: ParentNode, win: Window & typeof globalThis, title: string, stepMs: number): Promise<Blob | null> => {
      if (controller.current) return null;
      if (!canRaster(win)) throw new ExportUnavailable('Recording a GIF needs a browser that can draw images into a canvas; it is not available here');
      pictureOf(root);
      const state = store.getState();
      state.pause();
      const original = state.step;
      const steps = gifSteps(totalSteps(state));
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ done: 0, total: steps.length });
      try {
        const blob = await recordGif({
          steps,
          show: async (step) => {
            store.getState().seek(step);
            await painted(win, 2);
          },
          capture: () => {
            const picture = pictureOf(root);
            return rasterPicture(picture, pictureText(picture, title), { width: GIF_WIDTH });
          },
          frameMs: Math.min(MAX_FRAME_MS, Math.max(MIN_FRAME_MS, stepMs)),
          onProgress: (done, total) => !abort.signal.aborted && setProgress({ done, total }),
          signal: abort.signal,
        });
        if (!blob) say('Recording cancelled');
        return blob;
      } catch (error) {
        fail(error);
        return null;
      } finally {
        controller.current = null;
        store.getState().seek(original);
        setProgress(null);
      }
    },
    [store, say, fail],
  );

  return { progress, cancel, record };
}
