// The frames of a recording, taken from the page: show a step, let the page render and paint it,
// then export it (arrows, step line, caption) and rasterise it at the GIF's width. Each piece runs
// in a task of its own, the snapshot in slices, so the page stays responsive throughout.

import type { SimStore } from '../../store/simStore';
import { pictureOf } from './exportFiles';
import { pictureExport } from './exportPicture';
import { GIF_WIDTH } from './gifRecorder';
import { nextTask, painted, slicing } from './pageTurns';
import { FrameCanvas, loadSvgImage } from './raster';

/** Longest the page's share of a frame runs before the page gets a turn (ms). */
const SLICE_MS = 8;

export interface FrameSource {
  show(step: number): Promise<void>;
  capture(): Promise<ImageData>;
}

export function gifFrames(store: SimStore, root: ParentNode, win: Window & typeof globalThis, title: string): FrameSource {
  const frames = new FrameCanvas(win.document, GIF_WIDTH);
  return {
    async show(step) {
      // The step renders in a task of its own, as it does when the player shows it.
      await nextTask(win);
      store.getState().seek(step);
      await painted(win, 2);
    },
    async capture() {
      const picture = pictureOf(root);
      const svg = await pictureExport(picture, store.getState(), title, {
        slicing: slicing(win, SLICE_MS),
        aggregateImage: (canvas) => canvas.toDataURL('image/png'),
        shownWidth: GIF_WIDTH,
      });
      await nextTask(win);
      const image = await loadSvgImage(svg, win.document);
      await nextTask(win);
      const frame = frames.draw(image, svg.width, svg.height);
      await nextTask(win);
      return frame;
    },
  };
}
