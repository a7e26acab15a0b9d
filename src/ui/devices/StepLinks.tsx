// The links one step uses, lit in the colour of what they carry (reduce or copy) with an arrowhead at
// the receiving end of each direction, drawn above the cards between their edges. A link keeps its
// element while steps use it alike, so a ring's steps change nothing here and repaint nothing. Where
// the cards write their chunks, each transfer gets its own arrow from cell to cell instead, in the
// colour of its op, or of its tree in a double tree (a copy dashed).

import { memo } from 'react';
import type { TransferOp } from '../../core/schedule';
import { underFill } from './arrows/arrowUnder';
import type { CellArrow, Under } from './motion/cellArrows';
import type { StepLink } from './motion/sprites';

/** Arrowheads: one per op, and one per tree of a double tree. */
const HEADS = ['reduce', 'copy', 'tree0', 'tree1'] as const;
/**
 * Length of the heads of arrows from cell to cell (px), whose tip is at the path's end, on the
 * receiving cell's edge: a short head fits where the way comes out of the gutter beside the cell.
 */
const CELL_HEAD = 11;

export interface ArrowMarkersProps {
  id: string;
  /** Length of an arrowhead (px). */
  length: number;
}

/**
 * One arrowhead per op; a path's end draws it pointing along the path, its start pointing back. A link's
 * head starts where the path ends; the `-tip` heads of arrows from cell to cell end there.
 */
export const ArrowMarkers = memo(function ArrowMarkers({ id, length }: ArrowMarkersProps) {
  const heads = HEADS.flatMap((op) => [
    { op, key: op, refX: 0, size: length },
    { op, key: `${op}-tip`, refX: 10, size: Math.min(length, CELL_HEAD) },
  ]);
  return (
    <svg className="gs-dv-arrow-defs" width={0} height={0} aria-hidden="true">
      <defs>
        {heads.map(({ op, key, refX, size }) => (
          <marker
            key={key}
            id={`${id}-${key}`}
            className={`gs-dv-arrow gs-dv-arrow--${op}`}
            viewBox="0 0 10 10"
            refX={refX}
            refY={5}
            markerUnits="userSpaceOnUse"
            markerWidth={size}
            markerHeight={size}
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
  /** Arrows per transfer, drawn instead of the links where there are any. */
  arrows: readonly CellArrow[] | null;
  /** Cells the arrows pass beneath: drawn faint there. */
  under: Under | null;
  /** 1-based number of the step whose links these are. */
  step: number;
  markers: string;
  width: number;
  height: number;
  dense: boolean;
}

/** The arrowhead of messages of `op` one way along a link of `tree` (a double tree's), or none. */
function markerOf(markers: string, op: TransferOp | null, tree: StepLink['tree']): string | undefined {
  return op === null ? undefined : `url(#${markers}-${tree ?? op})`;
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
  function StepLinks({ links, arrows, under, step, markers, width, height, dense }: StepLinksProps) {
    const mask = `${markers}-under`;
    const masked = arrows !== null && under !== null;
    return (
      <svg className={dense ? 'gs-dv-step-links gs-dv-step-links--dense' : 'gs-dv-step-links'} width={width} height={height} data-step={step}>
        {masked && (
          <mask id={mask} maskUnits="userSpaceOnUse" x={0} y={0} width={width} height={height}>
            <rect x={0} y={0} width={width} height={height} fill="white" />
            {under.cells.map((cell, i) => (
              <rect key={i} className="gs-dv-under" x={cell.x} y={cell.y} width={cell.width} height={cell.height} fill={underFill()} />
            ))}
            {under.heads.map((points, i) => (
              <polygon key={i} points={points} fill="white" />
            ))}
          </mask>
        )}
        {arrows?.map((arrow, i) => (
          <rect
            key={`block-${i}`}
            className={`gs-dv-block gs-dv-block--${arrow.tree ?? arrow.op}`}
            x={arrow.block.x}
            y={arrow.block.y}
            width={arrow.block.width}
            height={arrow.block.height}
            rx={5}
            data-link={`${arrow.src}-${arrow.dst}`}
          />
        ))}
        <g mask={masked ? `url(#${mask})` : undefined}>
          {arrows?.map((arrow, i) => {
            const colour = arrow.tree ?? arrow.op;
            const classes = `gs-dv-step-link gs-dv-step-link--${colour} gs-dv-cell-arrow gs-dv-cell-arrow--${arrow.op}`;
            return (
              <path
                key={i}
                className={classes}
                d={arrow.d}
                markerEnd={`url(#${markers}-${colour}-tip)`}
                data-link={`${arrow.src}-${arrow.dst}`}
                data-ways="forward"
                data-chunk={arrow.chunk}
                data-count={arrow.count}
              />
            );
          })}
        </g>
        {!arrows &&
          links.map((link) => (
            <path
              key={link.index}
              className={`gs-dv-step-link gs-dv-step-link--${link.tree ?? link.forward ?? link.backward}`}
              d={link.d}
              markerEnd={link.arrows ? markerOf(markers, link.forward, link.tree) : undefined}
              markerStart={link.arrows ? markerOf(markers, link.backward, link.tree) : undefined}
              data-link={`${link.a}-${link.b}`}
              data-ways={link.forward && link.backward ? 'both' : link.forward ? 'forward' : 'backward'}
            />
          ))}
      </svg>
    );
  },
  (a, b) =>
    sameLinks(a.links, b.links) &&
    a.arrows === b.arrows &&
    a.under === b.under &&
    a.step === b.step &&
    a.markers === b.markers &&
    a.width === b.width &&
    a.height === b.height &&
    a.dense === b.dense,
);
