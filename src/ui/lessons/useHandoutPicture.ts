// The handout's picture: a still of the lesson's figure as it stands, made once the figure has rested
// after a change, so the browser's Print (or Save as PDF) finds it ready and scales it to the page.
// The devices picture is exported as the share menu exports it (its arrows, step line and legend);
// a training figure's lanes are their own SVG with its styles written in.

import { useEffect, useState, type RefObject } from 'react';
import { pictureExport, type ExportState } from '../share/exportPicture';
import { findPicture } from '../share/picture';
import { styledSvg } from '../share/svgSnapshot';

interface HandoutPicture {
  /** A data: URL of an SVG document that scales to any width. */
  src: string;
  width: number;
  height: number;
  /** Made in the dark theme: printed inverted, dark on white. */
  dark: boolean;
}

/** The still, or why it could not be made (said on the handout in its place). */
export type HandoutStill = HandoutPicture | { error: string };

/** After a change the figure animates; its still is taken once it has rested this long. */
const REST_MS = 900;
/** Times a figure not drawn yet is looked for. */
const LOOKS = 10;

function dataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Markup of the lanes' SVG that scales: its width and height become a view box too. */
function lanesStill(root: HTMLElement): Omit<HandoutPicture, 'dark'> | null {
  const svg = root.querySelector<SVGSVGElement>('.gs-train-lanes svg');
  if (!svg) return null;
  const { markup, width, height } = styledSvg(svg);
  return { src: dataUrl(markup.replace(/^<svg /, `<svg viewBox="0 0 ${width} ${height}" `)), width, height };
}

async function collectiveStill(root: HTMLElement, state: ExportState, title: string): Promise<Omit<HandoutPicture, 'dark'> | null> {
  const picture = findPicture(root);
  if (!picture || !state.derived) return null;
  const svg = await pictureExport(picture, state, title, { slicing: null, aggregateImage: (canvas) => canvas.toDataURL('image/png') });
  return { src: dataUrl(svg.text), width: svg.width, height: svg.height };
}

/** What the still is of: the devices picture (with the store's state to name), or a training figure's lanes. */
export type StillSource = { kind: 'devices'; state: ExportState } | { kind: 'lanes' };

/** The still of what `root` shows, null where there is none to make; `version` changes whenever the figure does. */
export function useHandoutPicture(root: RefObject<HTMLElement | null>, source: StillSource | null, title: string, version: string): HandoutStill | null {
  const [still, setStill] = useState<HandoutStill | null>(null);
  useEffect(() => {
    let cancelled = false;
    // A still of what was shown before would print the wrong step: none until the new one is made.
    setStill(null);
    if (!source) return;
    let timer: ReturnType<typeof setTimeout>;
    // A figure not drawn yet (a slow first load) is looked for again after another rest.
    const take = (tries: number) => {
      const element = root.current;
      if (!element) return;
      const dark = element.closest('[data-theme]')?.getAttribute('data-theme') === 'dark';
      const made = source.kind === 'devices' ? collectiveStill(element, source.state, title) : Promise.resolve(lanesStill(element));
      made.then(
        (picture) => {
          if (cancelled) return;
          if (picture) setStill({ ...picture, dark });
          else if (tries > 1) timer = setTimeout(() => take(tries - 1), REST_MS);
        },
        (error: unknown) => {
          if (!cancelled) setStill({ error: error instanceof Error ? error.message : String(error) });
        },
      );
    };
    timer = setTimeout(() => take(LOOKS), REST_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // `source` is a new object each render; `version` says when what it names has changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, version, title]);
  return still;
}
