// Node boxes and links under the cards, the same at every step: the links a step uses are lit, with
// their arrows, above the cards by the transfer overlay (StepLinks), so changing steps repaints nothing here.

import { memo } from 'react';
import type { DiagramGeometry } from './layout/geometry';
import { curvePath } from './layout/travelPaths';

export interface LinkLayerProps {
  geometry: DiagramGeometry;
}

function LinkLayerImpl({ geometry }: LinkLayerProps) {
  return (
    <g className={geometry.links.length > 24 ? 'gs-dv-links gs-dv-links--dense' : 'gs-dv-links'} aria-hidden="true">
      {geometry.groups.map((group) => (
        <g key={group.label} className="gs-dv-node">
          <rect x={group.x} y={group.y} width={group.width} height={group.height} rx={10} />
          <text x={group.x + 9} y={group.y + 13}>
            {group.label}
          </text>
        </g>
      ))}
      {geometry.links.map((link, i) => (
        <path key={i} className={`gs-dv-link gs-dv-link--${link.kind}`} d={curvePath(link)} />
      ))}
      {geometry.labels.map((label) => (
        <text
          key={label.text}
          className={label.kind ? `gs-dv-ring-label gs-dv-ring-label--${label.kind}` : 'gs-dv-ring-label'}
          x={label.x}
          y={label.y}
          textAnchor={label.anchor ?? 'middle'}
          dominantBaseline="central"
        >
          {label.text}
        </text>
      ))}
    </g>
  );
}

export const LinkLayer = memo(LinkLayerImpl);
