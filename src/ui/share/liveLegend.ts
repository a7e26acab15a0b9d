// The devices legend as the page shows it, as entries of an export's legend: the same words, with the
// travelling messages' swatches drawn as arrows and each link's swatch in its resolved paint.

import type { LegendEntry, LegendSwatch } from './exportLegend';

/** The text of an entry without its swatch's ("+" of the reduce swatch). */
function labelOf(item: Element): string {
  let text = '';
  for (const node of item.childNodes) if (!(node instanceof Element && node.localName === 'svg')) text += node.textContent ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

function lineSwatch(line: Element): LegendSwatch {
  const style = line.ownerDocument.defaultView!.getComputedStyle(line);
  const dash = style.getPropertyValue('stroke-dasharray');
  return {
    kind: 'line',
    stroke: style.getPropertyValue('stroke') || '#888',
    width: parseFloat(style.getPropertyValue('stroke-width')) || 2,
    opacity: parseFloat(style.getPropertyValue('stroke-opacity')) || 1,
    dash: dash === '' || dash === 'none' ? null : dash,
  };
}

function swatchOf(item: Element): LegendSwatch | null {
  // A link's key, or a tree's: the line of its step's transfers, in the tree's colour.
  const link = item.querySelector('svg .gs-dv-link, svg .gs-dv-step-link');
  if (link) return lineSwatch(link);
  const block = item.querySelector('svg .gs-dv-block');
  if (block) return { kind: 'block', stroke: block.ownerDocument.defaultView!.getComputedStyle(block).getPropertyValue('stroke') || '#888' };
  const cell = item.querySelector('svg .gs-dv-swatch-scratch');
  if (cell) {
    const style = cell.ownerDocument.defaultView!.getComputedStyle(cell);
    return { kind: 'cell', fill: style.getPropertyValue('fill') || '#ddd', stroke: style.getPropertyValue('stroke') || '#888' };
  }
  const classes = [...item.querySelectorAll('svg [class]')].map((e) => e.getAttribute('class')).join(' ');
  if (/--reduce\b/.test(classes)) return { kind: 'arrow', op: 'reduce' };
  if (/--copy\b/.test(classes)) return { kind: 'arrow', op: 'copy' };
  if (/complete\b/.test(classes)) return { kind: 'complete' };
  return null;
}

export function liveLegend(root: ParentNode): LegendEntry[] {
  const entries: LegendEntry[] = [];
  for (const item of root.querySelectorAll('.gs-devices-legend li')) {
    const swatch = swatchOf(item);
    const label = labelOf(item);
    if (swatch && label) entries.push({ swatch, label });
  }
  return entries;
}
