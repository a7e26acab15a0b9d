// The devices picture of one simulator: the detailed SVG (its cells on a canvas over it on large
// pictures) or, beyond the card limit, the aggregate canvas. Looked up inside the simulator's own root, so several figures on a page stay apart.

/** The detailed SVG, with the canvas its cells are painted on when there are too many for SVG; or the aggregate canvas. */
export type Picture = { kind: 'svg'; element: SVGSVGElement; cells: HTMLCanvasElement | null } | { kind: 'canvas'; element: HTMLCanvasElement };

export function findPicture(root: ParentNode): Picture | null {
  const svg = root.querySelector<SVGSVGElement>('.gs-devices svg.gs-devices-svg');
  if (svg) return { kind: 'svg', element: svg, cells: svg.parentElement?.querySelector<HTMLCanvasElement>('canvas.gs-dv-cells') ?? null };
  const canvas = root.querySelector<HTMLCanvasElement>('.gs-devices canvas.gs-devices-canvas');
  return canvas ? { kind: 'canvas', element: canvas } : null;
}

/** The simulator root around an element (its .gs-root), or the element's own root node. */
export function simulatorRoot(element: Element): ParentNode {
  return element.closest('.gs-root') ?? (element.getRootNode() as ParentNode);
}

/** Canvas drawing and image decoding: absent in jsdom, which only pretends to have a canvas. */
export function canRaster(win: Window & typeof globalThis): boolean {
  if (/jsdom/i.test(win.navigator?.userAgent ?? '')) return false;
  return typeof win.HTMLCanvasElement === 'function' && typeof win.Image === 'function' && typeof win.HTMLCanvasElement.prototype.toBlob === 'function';
}
