// A compact <gradsync-train> keeps its ports, its words and its memory bars behind disclosures, in a
// room (reserve.css) that fits it closed. A disclosure the reader opens grows the figure to fit,
// rather than leaving what it shows below the frame's fold: while one is open the element carries
// data-gradsync-open, and reserve.css lets it grow from its room. The reader's own tap moves the
// text below, which the page expects of a disclosure and layout shift does not count.

export const OPEN_ATTRIBUTE = 'data-gradsync-open';

/** Marks `element` while a disclosure in `root` is open; returns what stops watching. */
export function growWithDisclosures(root: ParentNode & EventTarget, element: Element): () => void {
  const mark = () => element.toggleAttribute(OPEN_ATTRIBUTE, root.querySelector('details[open]') !== null);
  // A setting the reader changes may take an open disclosure away (no ports without a parameter server).
  const changed = () => setTimeout(mark, 0);
  // A toggle does not bubble: it is caught on its way down.
  root.addEventListener('toggle', mark, true);
  root.addEventListener('change', changed);
  return () => {
    root.removeEventListener('toggle', mark, true);
    root.removeEventListener('change', changed);
  };
}
