// One lane's bars: an operation, or several merged where they are too close together for a bar each
// (groupOps in core). A merged bar never looks like one operation: it is hatched, split into a band per kind of
// operation it holds, says how many it holds where that fits and names them all in its tooltip. A
// communication bar links to its collective in the collective view; a merged one where its
// operations are alike (the same collective on the same bytes).

import type { CommSpan, OpGroup } from '../../../core/training';
import { BAR_GAP_PX, MIN_BAR_PX, textWidth, type LanesLayout } from './lanesLayout';
import { byKind, groupLabels, groupTitle, linkLabel, type LaneOp } from './laneText';

export interface LaneBarsProps {
  groups: readonly OpGroup<LaneOp>[];
  layout: LanesLayout;
  /** The top of the lane. */
  y: number;
  /** The hatching's pattern id in this figure. */
  hatch: string;
  linkOf: ((kind: string, bytes: number) => string | null) | null;
  newTab: boolean;
}

/** The address a bar opens: its operation's, or that of a merged bar's alike operations; else null. */
function hrefOf(group: OpGroup<LaneOp>, linkOf: LaneBarsProps['linkOf']): string | null {
  const [first] = group.ops;
  if (!linkOf || 'pass' in first) return null;
  const alike = group.ops.every((op) => !('pass' in op) && op.kind === first.kind && op.bytes === first.bytes);
  return alike ? linkOf(first.kind, first.bytes) : null;
}

function Bar({ group, layout, y, hatch }: { group: OpGroup<LaneOp>; layout: LanesLayout; y: number; hatch: string }) {
  const x = layout.x(group.startUs);
  const width = Math.max(MIN_BAR_PX, layout.x(group.endUs) - x - BAR_GAP_PX);
  const top = y + (layout.lane - layout.bar) / 2;
  const merged = group.ops.length > 1;
  const kinds = byKind(group);
  const band = layout.bar / kinds.length;
  const label = merged ? groupLabels(group).find((text) => textWidth(text, layout.fontPx) + 6 <= width) : undefined;
  return (
    <g className={`gs-train-op${merged ? ' gs-train-op--merged' : ''}`} data-ops={group.ops.length}>
      <title>{groupTitle(group)}</title>
      {kinds.map(([key, ops], i) => (
        <rect key={key} className={`gs-train-bar gs-train-bar--${key}`} data-ops={ops.length} x={x} y={top + i * band} width={width} height={band} />
      ))}
      {merged && <rect className="gs-train-hatch" x={x} y={top} width={width} height={layout.bar} fill={`url(#${hatch})`} />}
      {label && (
        <text className="gs-train-op-count" x={x + width / 2} y={top + layout.bar / 2} textAnchor="middle" dominantBaseline="central">
          {label}
        </text>
      )}
    </g>
  );
}

export function LaneBars({ groups, layout, y, hatch, linkOf, newTab }: LaneBarsProps) {
  return (
    <>
      {groups.map((group) => {
        const bar = <Bar group={group} layout={layout} y={y} hatch={hatch} />;
        const href = hrefOf(group, linkOf);
        return href ? (
          <a
            key={group.startUs}
            href={href}
            target={newTab ? '_blank' : undefined}
            rel={newTab ? 'noopener' : undefined}
            aria-label={linkLabel(group as OpGroup<CommSpan>)}
          >
            {bar}
          </a>
        ) : (
          <g key={group.startUs}>{bar}</g>
        );
      })}
    </>
  );
}
