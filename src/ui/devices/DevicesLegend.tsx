// What the marks mean: reduce and copy messages, a complete chunk, and the layout's kinds of link.

import { chunkRange } from './layout/doubleTreeLayout';
import type { DeviceLayout, LinkKind } from './layout/layouts';

const LINK_NAMES: Partial<Record<LinkKind, string>> = {
  tree0: 'tree 0',
  tree1: 'tree 1',
  intra: 'inside a node',
  inter: 'between nodes',
  partner: 'partners',
  fold: 'fold first',
};

/**
 * What a kind of link means here: the double tree's trees their chunks (each root is named beside its
 * card, so the key stays one line on a projector), partners their distances.
 */
function linkLabel(kind: LinkKind, layout: DeviceLayout, chunks: number): string {
  const name = LINK_NAMES[kind] ?? kind;
  if ((kind === 'tree0' || kind === 'tree1') && layout.treeSplit !== undefined) {
    const span = kind === 'tree0' ? chunkRange(0, layout.treeSplit) : chunkRange(layout.treeSplit, chunks);
    return `${name}: ${span}`;
  }
  if (kind === 'partner') {
    const distances = [...new Set(layout.links.flatMap((link) => (link.distance ? [link.distance] : [])))].sort((a, b) => a - b);
    return distances.length ? `${name} at distance d = ${distances.join(', ')}` : name;
  }
  return name;
}

/**
 * `buffers`: where chunks move between places, the names of a card's rows (input, output, scratch),
 * said once here since cells carry no labels. `blocks`: arrows may carry a block of cells, outlined.
 */
export function DevicesLegend({
  layout,
  chunks,
  buffers = null,
  blocks = false,
}: {
  layout: DeviceLayout;
  chunks: number;
  buffers?: readonly string[] | null;
  blocks?: boolean;
}) {
  const kinds = [...new Set(layout.links.map((link) => link.kind))].filter((kind) => LINK_NAMES[kind]);
  return (
    <ul className="gs-devices-legend" aria-label="Legend">
      <li>
        <svg width="26" height="12" aria-hidden="true">
          <rect className="gs-dv-swatch-pill gs-dv-swatch-pill--reduce" x="1" y="2" width="18" height="8" rx="4" />
          <text className="gs-dv-swatch-plus" x="23" y="6.5" dominantBaseline="central" textAnchor="middle">
            +
          </text>
        </svg>
        reduce: added in
      </li>
      <li>
        <svg width="22" height="12" aria-hidden="true">
          <rect className="gs-dv-swatch-pill gs-dv-swatch-pill--copy" x="1" y="2" width="18" height="8" rx="4" />
        </svg>
        copy: overwrites
      </li>
      <li>
        <svg width="16" height="14" aria-hidden="true">
          <rect className="gs-dv-swatch-complete" x="1.5" y="1.5" width="12" height="11" rx="2" />
        </svg>
        complete chunk
      </li>
      {blocks && (
        <li>
          <svg width="20" height="14" aria-hidden="true">
            <rect className="gs-dv-block gs-dv-block--reduce" x="1.5" y="1.5" width="17" height="11" rx="3" />
          </svg>
          one message
        </li>
      )}
      {buffers && (
        <li>
          <svg width="16" height="14" aria-hidden="true">
            <rect className="gs-dv-swatch-scratch" x="1.5" y="1.5" width="12" height="11" rx="2" />
          </svg>
          {buffers.includes('scratch') ? `rows: ${buffers.join(', ')} (shaded)` : `rows: ${buffers.join(', ')}`}
        </li>
      )}
      {kinds.map((kind) => (
        <li key={kind}>
          {kind === 'tree0' || kind === 'tree1' ? (
            // A tree's transfers are drawn as arrows in its colour: the key shows one.
            <svg width="26" height="10" aria-hidden="true">
              <line className={`gs-dv-step-link gs-dv-step-link--${kind} gs-dv-key-arrow`} x1="1" x2="18" y1="5" y2="5" />
              <path className={`gs-dv-arrow--${kind}`} d="M17,0.5L25,5L17,9.5Z" />
            </svg>
          ) : (
            <svg width="24" height="10" aria-hidden="true">
              <line className={`gs-dv-link gs-dv-link--${kind}`} x1="1" x2="23" y1="5" y2="5" />
            </svg>
          )}
          {linkLabel(kind, layout, chunks)}
        </li>
      ))}
    </ul>
  );
}
