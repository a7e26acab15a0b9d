// A device: a card with its name, its gradient letter and its buffer as chunk cells. Focusable;
// Enter, Space or a click inspects it.

import { memo, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { deviceLabel, deviceLetter } from '../../core/notation';
import { deviceColor } from '../palette';
import { LINE_EM, SHORT_LABEL_PX, summaryBand, type CardShape } from './card/cardShape';
import { summaryLines } from '../../core/narration';
import { cellOffset } from './layout/geometry';
import { sameChunkView, sameChunkViews, type ChunkView } from './card/chunkViews';
import { ChunkCell } from './ChunkCell';
import type { Point } from './layout/layouts';

export interface DeviceCardProps {
  device: number;
  devices: number;
  centre: Point;
  /** Degrees clockwise (cards on large rings face outward). */
  rotation: number;
  card: CardShape;
  /** Null where the cells are painted on the picture's canvas (CellCanvas). */
  views: ChunkView[] | null;
  /** What the step wrote here (writtenSummary's pieces), written under the cells where they write nothing (card.summarySize). */
  summary: readonly string[] | null;
  /** Stripe paint; see ChunkCell. */
  fill: string;
  inspected: boolean;
  /** The violation's badge text and message when it shows on this device. */
  flag: { short: string; message: string } | null;
  /** Pixels between the card's right edge and the picture's: the badge's text goes above it when too few. */
  roomRight: number;
  description: string;
  onInspect(device: number): void;
}

function topBar(width: number, radius: number, height: number): string {
  return `M0,${height}V${radius}Q0,0 ${radius},0H${width - radius}Q${width},0 ${width},${radius}V${height}Z`;
}

/** Advance of a character of a short label (semibold), in ems. */
const SHORT_LABEL_ADVANCE = 0.62;

/** The same at every step: a card's cells change, its header does not. */
const Header = memo(function Header({ device, devices, card }: { device: number; devices: number; card: CardShape }) {
  const color = deviceColor(device, devices);
  const radius = Math.min(6, card.width * 0.12);
  const bar = <path className="gs-dv-card-bar" d={topBar(card.width, radius, Math.max(3, radius * 0.6))} fill={color} />;
  if (card.labelMode === 'none') return bar;
  if (card.labelMode === 'short') {
    // The same name as on larger cards (a picture never switches from "GPU-1" to "1"), narrowed to the card where it must be.
    const label = deviceLabel(device);
    const room = card.width - 2 * card.pad;
    const squeeze = label.length * SHORT_LABEL_ADVANCE * SHORT_LABEL_PX > room;
    return (
      <>
        {bar}
        <text
          className="gs-dv-card-label gs-dv-card-label--short"
          fontSize={SHORT_LABEL_PX}
          x={card.pad}
          y={card.header - 3}
          textLength={squeeze ? room : undefined}
          lengthAdjust={squeeze ? 'spacingAndGlyphs' : undefined}
        >
          {label}
        </text>
      </>
    );
  }
  // Everything in the header scales with the name's size (12.5 px on small cards).
  const size = card.labelSize;
  const letter = deviceLetter(device, devices);
  const chipHeight = size * 1.2;
  const chipWidth = Math.max(chipHeight, letter.length * size * 0.56 + size * 0.64);
  const chipY = card.header * 0.58 - chipHeight / 2;
  return (
    <>
      {bar}
      <text className="gs-dv-card-label" x={card.pad + 1} y={card.header * 0.71} fontSize={size}>
        {deviceLabel(device)}
      </text>
      <rect
        className="gs-dv-card-chip"
        x={card.width - card.pad - chipWidth}
        y={chipY}
        width={chipWidth}
        height={chipHeight}
        rx={chipHeight / 2}
        fill={color}
      />
      <text
        className="gs-dv-card-letter"
        x={card.width - card.pad - chipWidth / 2}
        y={chipY + chipHeight / 2}
        fontSize={size * 0.88}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {letter}
      </text>
    </>
  );
});

interface CellCache {
  card: CardShape;
  devices: number;
  fill: string;
  views: readonly ChunkView[];
  elements: ReactElement[];
}

/**
 * The cells' elements, reusing last step's element wherever a cell did not change: a step changes a
 * few cells of a card, and React skips an element it has already rendered without comparing props.
 */
function useCellElements(views: readonly ChunkView[] | null, card: CardShape, devices: number, fill: string): ReactElement[] | null {
  const cache = useRef<CellCache | null>(null);
  if (views === null) return null;
  const old = cache.current && cache.current.card === card && cache.current.devices === devices && cache.current.fill === fill ? cache.current : null;
  const elements = views.map((view, chunk) => {
    if (old && old.views[chunk] && sameChunkView(old.views[chunk], view)) return old.elements[chunk];
    const origin = cellOffset(card, chunk);
    return <ChunkCell key={chunk} chunk={chunk} x={origin.x} y={origin.y} card={card} view={view} devices={devices} fill={fill} />;
  });
  cache.current = { card, devices, fill, views, elements };
  return elements;
}

/** A run of cells, rendered again only when one of its elements is new. */
const CellGroup = memo(
  function CellGroup({ cells }: { cells: readonly ReactElement[] }) {
    return <>{cells}</>;
  },
  (a, b) => a.cells.length === b.cells.length && a.cells.every((cell, i) => cell === b.cells[i]),
);

/**
 * The cells in about √n groups: a step that changes a cell or two of a card visits its groups and the
 * cells of one or two of them, not every cell (64 cards × 64 cells would be 4,096 visits a step).
 */
function groupCells(cells: ReactElement[]): ReactElement[] {
  const size = Math.max(1, Math.ceil(Math.sqrt(cells.length)));
  const groups: ReactElement[] = [];
  for (let at = 0; at < cells.length; at += size) groups.push(<CellGroup key={at} cells={cells.slice(at, at + size)} />);
  return groups;
}

/** About how wide the badge's text runs (11.5 px bold). */
const flagTextWidth = (text: string) => 14 + text.length * 7;

/** The line (or two) under the cells of a card whose cells write nothing: what the step wrote there. */
function Summary({ card, pieces }: { card: CardShape; pieces: readonly string[] }) {
  const lines = summaryLines(pieces, card.summaryLines, card.summaryRoom);
  const size = card.summarySize;
  // The band's half line of air is split above and below its lines (summaryBand).
  // Lines are set from the bottom of their band: one line sits where a card's one-line summary does.
  const top = card.height - card.pad - summaryBand(size, lines.length) + size * 0.15;
  return (
    <text className="gs-dv-card-summary" fontSize={card.summarySize} textAnchor="middle" dominantBaseline="central">
      {lines.map((text, i) => (
        <tspan key={i} x={card.width / 2} y={top + size * LINE_EM * (i + 0.5)}>
          {text}
        </tspan>
      ))}
    </text>
  );
}

function DeviceCardImpl({
  device,
  devices,
  centre,
  rotation,
  card,
  views,
  summary,
  fill,
  inspected,
  flag,
  roomRight,
  description,
  onInspect,
}: DeviceCardProps) {
  const transform = rotation
    ? `translate(${centre.x},${centre.y}) rotate(${rotation.toFixed(2)}) translate(${-card.width / 2},${-card.height / 2})`
    : `translate(${centre.x - card.width / 2},${centre.y - card.height / 2})`;
  const cells = useCellElements(views, card, devices, fill);
  const classes = ['gs-dv-card'];
  if (inspected) classes.push('gs-dv-card--inspected');
  if (flag) classes.push('gs-dv-card--flagged');
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onInspect(device);
  };
  return (
    <g
      className={classes.join(' ')}
      transform={transform}
      role="button"
      tabIndex={0}
      aria-label={description}
      aria-pressed={inspected}
      data-device={device}
      onClick={() => onInspect(device)}
      onKeyDown={onKeyDown}
    >
      <rect className="gs-dv-card-bg" width={card.width} height={card.height} rx={Math.min(6, card.width * 0.12)} />
      <Header device={device} devices={devices} card={card} />
      {cells && groupCells(cells)}
      {summary && summary.length > 0 && card.summarySize > 0 && <Summary card={card} pieces={summary} />}
      {flag && (
        <g className="gs-dv-flag" transform={`translate(${card.width},0)`}>
          <title>{flag.message}</title>
          <circle r={8} />
          <text textAnchor="middle" dominantBaseline="central" y={0.5}>
            !
          </text>
          {card.labelMode === 'full' &&
            (roomRight >= flagTextWidth(flag.short) ? (
              <text className="gs-dv-flag-text" x={11} y={0.5} dominantBaseline="central">
                {flag.short}
              </text>
            ) : (
              // No room to the right (a card at the picture's edge): above the card, ending at the badge.
              <text className="gs-dv-flag-text" x={-10} y={-10} textAnchor="end">
                {flag.short}
              </text>
            ))}
        </g>
      )}
    </g>
  );
}

export const DeviceCard = memo(
  DeviceCardImpl,
  (a, b) =>
    a.device === b.device &&
    a.devices === b.devices &&
    a.centre === b.centre &&
    a.rotation === b.rotation &&
    a.card === b.card &&
    a.fill === b.fill &&
    a.inspected === b.inspected &&
    a.flag?.message === b.flag?.message &&
    a.roomRight === b.roomRight &&
    a.description === b.description &&
    (a.summary === b.summary || a.summary?.join('\n') === b.summary?.join('\n')) &&
    a.onInspect === b.onInspect &&
    (a.views === b.views || (a.views !== null && b.views !== null && sameChunkViews(a.views, b.views))),
);
