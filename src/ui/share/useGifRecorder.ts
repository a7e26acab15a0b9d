// Recording the run as a GIF: pause, show every step from the start, capture each, then go back to
// the step that was shown. Progress is state for the menu; Cancel (or unmounting) aborts. Work on the
// page runs in slices of about a frame; the encoding runs in a worker.

import { useCallback, useEffect, useRef, useState } from 'react';
import { type SimStore, totalSteps } from '../../store/simStore';
import { ExportUnavailable, pictureOf } from './exportFiles';
import { gifEncoding, startGifWorker } from './gifEncoderClient';
import { gifFrames } from './gifFrames';
import { gifSteps, recordGif } from './gifRecorder';
import { canRaster } from './picture';

export interface GifProgress {
  done: number;
  total: number;
}

/** Frames show at the player's pace, within what GIF viewers honour well. */
const MIN_FRAME_MS = 200;
const MAX_FRAME_MS = 2000;

export function useGifRecorder(store: SimStore, say: (text: string) => void, fail: (error: unknown) => void) {
  const [progress, setProgress] = useState<GifProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const record = useCallback(
    async (root: ParentNode, win: Window & typeof globalThis, title: string, stepMs: number): Promise<Blob | null> => {
      if (controller.current) return null;
      if (!canRaster(win) || typeof win.Worker !== 'function')
        throw new ExportUnavailable('Recording a GIF needs a browser that can draw images into a canvas; it is not available here');
      pictureOf(root);
      const state = store.getState();
      state.pause();
      const original = state.step;
      const steps = gifSteps(totalSteps(state));
      const abort = new AbortController();
      controller.current = abort;
      const onProgress = (done: number, total: number) => !abort.signal.aborted && setProgress({ done, total });
      setProgress({ done: 0, total: steps.length });
      const { show, capture } = gifFrames(store, root, win, title, steps);
      try {
        const blob = await recordGif({
          steps,
          show,
          capture,
          encoding: gifEncoding(startGifWorker(), (done) => onProgress(done, steps.length)),
          frameMs: Math.min(MAX_FRAME_MS, Math.max(MIN_FRAME_MS, stepMs)),
          onProgress,
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
