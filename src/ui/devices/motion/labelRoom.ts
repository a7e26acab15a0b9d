// Which travelling messages keep their expression in a frame. Messages of a step often meet (a
// master's seven spokes converge on GPU-0, a ring's labels pass each other at the corners), and
// labels drawn over each other read as neither. Each label is kept, in the step's order, unless it
// would overlap one kept before it; a kept label is slid sideways to stay inside the picture. Every
// message keeps its pill and its arrow: only the words give way.

/** Each label's box as the animator measured it, and where it is in this frame: x, y, width, height per label. */
export const LABEL_STRIDE = 4;
/** Between two labels kept side by side (px). */
const LABEL_GAP = 2;

/**
 * For the labels in `boxes` (centre x, top y, width, height; NaN x for a label not shown this frame),
 * writes to `shifts` the sideways move that keeps each inside [0, stageWidth], or NaN where it gives way.
 */
export function roomForLabels(boxes: Float64Array, count: number, stageWidth: number, shifts: Float64Array): void {
  for (let i = 0; i < count; i++) {
    const at = i * LABEL_STRIDE;
    const x = boxes[at];
    const width = boxes[at + 2];
    if (Number.isNaN(x)) {
      shifts[i] = Number.NaN;
      continue;
    }
    // A label the page has not laid out (no size) takes no room.
    if (!(width > 0)) {
      shifts[i] = 0;
      continue;
    }
    const left = x - width / 2;
    const shift = width >= stageWidth ? -left : Math.min(Math.max(0, -left), stageWidth - (left + width));
    shifts[i] = overlapsKept(boxes, shifts, i, left + shift) ? Number.NaN : shift;
  }
}

function overlapsKept(boxes: Float64Array, shifts: Float64Array, i: number, left: number): boolean {
  const at = i * LABEL_STRIDE;
  const [top, width, height] = [boxes[at + 1], boxes[at + 2], boxes[at + 3]];
  for (let j = 0; j < i; j++) {
    if (Number.isNaN(shifts[j])) continue;
    const other = j * LABEL_STRIDE;
    const otherLeft = boxes[other] - boxes[other + 2] / 2 + shifts[j];
    const apart =
      left + width + LABEL_GAP <= otherLeft ||
      otherLeft + boxes[other + 2] + LABEL_GAP <= left ||
      top + height + LABEL_GAP <= boxes[other + 1] ||
      boxes[other + 1] + boxes[other + 3] + LABEL_GAP <= top;
    if (!apart) return true;
  }
  return false;
}
