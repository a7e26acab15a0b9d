// Node boxes and links under the cards, the same at every step: the links a step uses are lit, with
// their arrows, above the cards by the transfer overlay (StepLinks), so changing steps repaints nothing here.
// Names come after the links, with a halo, so a link passing under one never cuts through its letters.

import { memo } from 'react';
import type { DiagramGeometry } from './layout/geometry';
import { LINE_EM, type LabelLines } from './layout/pictureLabels';
import { curvePath } from './layout/travelPaths';

export interface LinkLayerProps {
  geometry: DiagramGeometry;
}

function LinkLayerImpl({ geometry }: LinkLayerProps) {
  const classes = ['gs-dv-links'];
  if (geometry.links.length > 24) classes.push('gs-dv-links--dense');
  // Where cells write their chunks, each transfer has its own arrow in its tree's colour: the trees'
  // links under them step back, so the arrows are what the eye follows.
  if (geometry.card.textSize > 0) classes.push('gs-dv-links--behind-arrows');
  return (
    <g className={classes.join(' ')} aria-hidden="true">
      {geometry.groups.map((group) => (
        <g key={group.label} className="gs-dv-node">
          <rect x={group.x} y={group.y} width={group.width} height={group.height} rx={10} />
        </g>
      ))}
      {geometry.links.map((link, i) => (
        <path key={i} className={`gs-dv-link gs-dv-link--${link.kind}`} d={curvePath(link)} />
      ))}
      {geometry.groups.map((group) => (
        <text key={group.label} className="gs-dv-node-label" x={group.name.x} y={group.name.y} textAnchor={group.name.anchor}>
          {group.label}
        </text>
      ))}
      {geometry.labels.map((label) => (
        <text key={label.text} className={labelClass(label)} x={label.x} y={label.y} textAnchor={label.anchor ?? 'middle'} dominantBaseline="central">
          {label.wrap ? <Lines x={label.x} wrap={label.wrap} trailing={label.anchor !== 'end'} /> : label.text}
        </text>
      ))}
    </g>
  );
}

function labelClass(label: DiagramGeometry['labels'][number]): string {
  if (label.kind) return `gs-dv-ring-label gs-dv-ring-label--${label.kind}`;
  return label.distance ? 'gs-dv-ring-label gs-dv-ring-label--distance' : 'gs-dv-ring-label';
}

/**
 * A broken name's lines. The spaces between them stay, so the text reads whole ("tree 1 root"); each
 * sits on the side its anchor does not align (after a line aligned at its start, before one aligned at its end).
 */
function Lines({ x, wrap, trailing }: { x: number; wrap: LabelLines; trailing: boolean }) {
  const last = wrap.lines.length - 1;
  return wrap.lines.map((line, i) => (
    <tspan key={i} x={x} dy={`${i === 0 ? (wrap.stack === 'up' ? -last * LINE_EM : 0) : LINE_EM}em`}>
      {trailing ? (i < last ? `${line} ` : line) : i > 0 ? ` ${line}` : line}
    </tspan>
  ));
}

export const LinkLayer = memo(LinkLayerImpl);
