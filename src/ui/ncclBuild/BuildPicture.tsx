// One channel's ring or tree over the hosts and their ranks: a box a host, a circle a rank (its
// number large, its place on the host small), an arrow a hop in the colour of its transport, a
// dashed grey one where the log names none. A tree's root is circled.

import { useId } from 'react';
import { FRAME_MARGIN, hopPath, type BuildLayout, type Frame, type Hop, type HopKind } from './buildPicture';

const KINDS: HopKind[] = ['P2P', 'SHM', 'NET', 'COLLNET', null];
const kindClass = (kind: HopKind) => `gs-hop-${kind === null ? 'unknown' : kind.toLowerCase()}`;

/** `frame`: the part of the layout shown (pictureBounds), the same for pictures set side by side. */
export function BuildPicture({ layout, frame, hops, root, label }: { layout: BuildLayout; frame: Frame; hops: Hop[]; root: number | null; label: string }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const r = layout.spotRadius;
  return (
    <svg
      className="gs-build-picture"
      viewBox={`${frame.x - FRAME_MARGIN} ${frame.y - FRAME_MARGIN} ${frame.width + 2 * FRAME_MARGIN} ${frame.height + 2 * FRAME_MARGIN}`}
      role="img"
      aria-label={label}
    >
      <defs>
        {KINDS.map((kind) => (
          <marker key={kindClass(kind)} id={`${id}-${kindClass(kind)}`} viewBox="0 0 10 10" refX="2" refY="5" markerWidth="4" markerHeight="4" orient="auto">
            <path d="M0,0 L10,5 L0,10 z" className={`gs-hop-head ${kindClass(kind)}`} />
          </marker>
        ))}
      </defs>
      {layout.nodes.map((node) => (
        <rect
          key={node.label}
          x={node.x}
          y={node.y}
          width={node.w}
          height={node.h}
          rx={10}
          className={node.known ? 'gs-build-node' : 'gs-build-node gs-build-node-unknown'}
        />
      ))}
      {hops.map((hop) => (
        <path
          key={`${hop.from}>${hop.to}`}
          d={hopPath(layout, hop)}
          className={`gs-hop ${kindClass(hop.kind)}${hop.across ? ' gs-hop-across' : ''}`}
          markerEnd={`url(#${id}-${kindClass(hop.kind)})`}
        />
      ))}
      {/* Names over the hops, haloed, so that a hop passing under one leaves it legible. */}
      {layout.nodes.map((node) => (
        <text key={node.label} x={node.x + 12} y={node.y + 21} className="gs-build-host">
          {node.label}
        </text>
      ))}
      {layout.spots.map((spot) => (
        <g key={spot.rank} className={spot.rank === root ? 'gs-build-rank gs-build-root' : 'gs-build-rank'}>
          {spot.rank === root && <circle cx={spot.x} cy={spot.y} r={r + 5} className="gs-build-root-ring" />}
          <circle cx={spot.x} cy={spot.y} r={r} />
          <text x={spot.x} y={spot.y + 6} textAnchor="middle" className="gs-build-rank-number">
            {spot.rank}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The transports the hops use, for a key: each kind once, in a fixed order. */
export function hopKinds(hops: Hop[]): HopKind[] {
  return KINDS.filter((kind) => hops.some((hop) => hop.kind === kind));
}

const KIND_WORDS: Record<string, string> = {
  P2P: 'P2P (NVLink or PCIe, GPU to GPU)',
  SHM: 'SHM (through host memory)',
  NET: 'NET (the network)',
  COLLNET: 'CollNet (in-network)',
  unknown: 'transport not in the log',
};

export function HopKey({ kinds }: { kinds: HopKind[] }) {
  return (
    <ul className="gs-build-key" aria-label="Key">
      {kinds.map((kind) => (
        <li key={kindClass(kind)}>
          <svg width="34" height="12" aria-hidden="true">
            <line x1="2" y1="6" x2="32" y2="6" className={`gs-hop ${kindClass(kind)}`} />
          </svg>
          {KIND_WORDS[kind ?? 'unknown']}
        </li>
      ))}
    </ul>
  );
}
