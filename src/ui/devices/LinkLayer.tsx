// Node boxes and links under the cards; the links the shown step used are drawn stronger.

import { memo } from 'react';
import type { DiagramGeometry, LinkPath } from './geometry';
import { pairKey } from './layouts';

function pathOf(link: LinkPath): string {
  const { from, to, control } = link;
  return control
    ? `M${from.x.toFixed(1)},${from.y.toFixed(1)}Q${control.x.toFixed(1)},${control.y.toFixed(1)} ${to.x.toFixed(1)},${to.y.toFixed(1)}`
    : `M${from.x.toFixed(1)},${from.y.toFixed(1)}L${to.x.toFixed(1)},${to.y.toFixed(1)}`;
}

export interface LinkLayerProps {
  geometry: DiagramGeometry;
  /** pairKey of every device pair the shown step used. */
  active: ReadonlySet<number>;
}

function LinkLayerImpl({ geometry, active }: LinkLayerProps) {
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
        <path
          key={i}
          className={`gs-dv-link gs-dv-link--${link.kind}${active.has(pairKey(link.a, link.b)) ? ' gs-dv-link--active' : ''}`}
          d={pathOf(link)}
        />
      ))}
      {geometry.labels.map((label) => (
        <text key={label.text} className="gs-dv-ring-label" x={label.x} y={label.y} textAnchor={label.anchor ?? 'middle'} dominantBaseline="central">
          {label.text}
        </text>
      ))}
    </g>
  );
}

export const LinkLayer = memo(LinkLayerImpl);
