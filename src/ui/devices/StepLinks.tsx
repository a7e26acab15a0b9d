// The links one step uses, lit in the colour of what they carry (reduce or copy) with an arrowhead at
// the receiving end of each direction, drawn above the cards between their edges. A link keeps its
// element while steps use it alike, so a ring's steps change nothing here and repaint nothing.

import { memo } from 'react';
import type { TransferOp } from '../../core/schedule';
import type { StepLink } from './motion/sprites';

export interface ArrowMarkersProps {
  id: string;
  /** Length of an arrowhead (px). */
  length: number;
}

/** One arrowhead per op; a path's end draws it pointing along the path, its start pointing back. */
export const ArrowMarkers = memo(function ArrowMarkers({ id, length }: ArrowMarkersProps) {
  return (
    <svg className="gs-dv-arrow-defs" width={0} height={0} aria-hidden="true">
      <defs>
        {(['reduce', 'copy'] as const).map((op) => (
          <marker
            key={op}
            id={`${id}-${op}`}
            className={`gs-dv-arrow gs-dv-arrow--${op}`}
            viewBox="0 0 10 10"
            refX={0}
            refY={5}
            markerUnits="userSpaceOnUse"
            markerWidth={length}
            markerHeight={length}
            orient="auto-start-reverse"
          >
            <path d="M0,0L10,5L0,10Z" />
          </marker>
        ))}
      </defs>
    </svg>
  );
});

export interface StepLinksProps {
  links: readonly StepLink[];
  /** 1-based number of the step whose links these are. */
  step: number;
  markers: string;
  width: number;
  height: number;
  dense: boolean;
}

function markerOf(markers: string, op: TransferOp | null): string | undefined {
  return op === null ? undefined : `url(#${markers}-${op})`;
}

function sameLinks(a: readonly StepLink[], b: readonly StepLink[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every((link, i) => {
    const other = b[i];
    return (
      link.index === other.index && link.d === other.d && link.forward === other.forward && link.backward === other.backward && link.arrows === other.arrows
    );
  });
}

export const StepLinks = memo(
  function StepLinks({ links, step, markers, width, height, dense }: StepLinksProps) {
    return (
      <svg className={dense ? 'gs-dv-step-links gs-dv-step-links--dense' : 'gs-dv-step-links'} width={width} height={height} data-step={step}>
        {links.map((link) => (
          <path
            key={link.index}
            className={`gs-dv-step-link gs-dv-step-link--${link.forward ?? link.backward}`}
            d={link.d}
            markerEnd={link.arrows ? markerOf(markers, link.forward) : undefined}
            markerStart={link.arrows ? markerOf(markers, link.backward) : undefined}
            data-link={`${link.a}-${link.b}`}
            data-ways={link.forward && link.backward ? 'both' : link.forward ? 'forward' : 'backward'}
          />
        ))}
      </svg>
    );
  },
  (a, b) => sameLinks(a.links, b.links) && a.step === b.step && a.markers === b.markers && a.width === b.width && a.height === b.height && a.dense === b.dense,
);
