// The frames of a recording, taken from the page: show a step, let the page render and paint it,
// then export it (arrows, step line, the step's narration in a band, caption) and rasterise it at the
// GIF's width: twice the width a post shows it at, so it stays sharp on high-density screens and its
// names legible. Each piece runs in a task of its own, the snapshot in slices, so the page stays
// responsive throughout.

import type { SimStore } from '../../store/simStore';
import { pictureOf } from './exportFiles';
import { pictureExport } from './exportPicture';
import { frameNarration, narrationRows } from './gifNarration';
import { GIF_SHOWN_WIDTH, gifWidth } from './gifRecorder';
import { nextTask, painted, slicing } from './pageTurns';
import type { Picture } from './picture';
import { FrameCanvas, loadSvgImage } from './raster';

/** Longest the page's share of a frame runs before the page gets a turn (ms). */
const SLICE_MS = 8;

export interface FrameSource {
  show(step: number): Promise<void>;
  capture(): Promise<ImageData>;
}

/** The picture's width and the size of its smallest GPU name as the page lays them out (0: none written). */
function measured(picture: Picture): { width: number; namePx: number } {
  const element = picture.element;
  const width = Math.max(1, Math.round(Number(element.getAttribute('width')) || element.getBoundingClientRect().width || 1));
  if (picture.kind !== 'svg') return { width, namePx: 0 };
  const win = element.ownerDocument.defaultView!;
  const sizes = [...element.querySelectorAll('.gs-dv-card-label')].slice(0, 64).map((label) => parseFloat(win.getComputedStyle(label).fontSize));
  const smallest = Math.min(...sizes.filter((size) => size > 0));
  return { width, namePx: Number.isFinite(smallest) ? smallest : 0 };
}

export function gifFrames(store: SimStore, root: ParentNode, win: Window & typeof globalThis, title: string, steps: readonly number[]): FrameSource {
  const { width, namePx } = measured(pictureOf(root));
  const frames = new FrameCanvas(win.document, gifWidth(width, namePx));
  const schedule = store.getState().derived?.schedule;
  const rows = schedule ? narrationRows(schedule, steps) : 0;
  return {
    async show(step) {
      // The step renders in a task of its own, as it does when the player shows it.
      await nextTask(win);
      store.getState().seek(step);
      await painted(win, 2);
    },
    async capture() {
      const picture = pictureOf(root);
      const state = store.getState();
      const svg = await pictureExport(picture, state, title, {
        slicing: slicing(win, SLICE_MS),
        aggregateImage: (canvas) => canvas.toDataURL('image/png'),
        shownWidth: GIF_SHOWN_WIDTH,
        narration: frameNarration(state, rows),
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
