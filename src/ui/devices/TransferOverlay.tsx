// The layer above the cards where messages travel: the lit links of the step just shown (of the next
// step while it travels), one hidden pill per sprite of the next step and one hidden landing mark per
// sprite of the step just shown. The animator moves the boxes by transform and opacity only, so a
// frame recomposites them without repainting anything; the lit links change at most once a step.

import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { DiagramGeometry } from './layout/geometry';
import { pillBackground } from './paint/pillPaint';
import { arrowLength, TARGET_STRIDE, type SpritePlan } from './motion/sprites';
import { ArrowMarkers, StepLinks } from './StepLinks';
import type { OverlayHandle } from './motion/transferAnimator';

export interface TransferOverlayProps {
  geometry: DiagramGeometry;
  devices: number;
  pills: SpritePlan;
  lands: SpritePlan;
  handle: RefObject<OverlayHandle>;
}

function pillSize(geometry: DiagramGeometry): { length: number; thickness: number } {
  const large = geometry.card.textSize > 0;
  const length = Math.max(10, Math.min(large ? 44 : 30, geometry.card.width * 0.3));
  return { length, thickness: Math.max(5, Math.min(large ? 13 : 10, length * 0.36)) };
}

/**
 * A message's expression is written as large as the cells write theirs, or the cards their names: 12 px
 * at least, 14 px on a picture wide enough for a room to read it from afar.
 */
function labelSize(geometry: DiagramGeometry): number {
  return Math.max(geometry.size.width >= 800 ? 14 : 12, geometry.card.textSize || geometry.card.labelSize);
}

function TransferOverlayImpl({ geometry, devices, pills, lands, handle }: TransferOverlayProps) {
  const pillsRef = useRef<HTMLDivElement>(null);
  const landsRef = useRef<HTMLDivElement>(null);
  const markers = `gs-dv-arrow-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // The step (0-based) whose messages travel now; null at rest. Set by the animator.
  const [travelling, setTravelling] = useState<number | null>(null);
  useLayoutEffect(() => {
    handle.current = { pills: pillsRef.current, pillPlan: pills, lands: landsRef.current, landPlan: lands, light: setTravelling };
  }, [handle, pills, lands]);
  const lit = travelling !== null && travelling === pills.step ? pills : lands;
  const { length, thickness } = pillSize(geometry);
  const radius = Math.max(5, Math.min(14, Math.min(geometry.card.cellWidth, geometry.card.cellHeight) * 0.45));
  const { width, height } = geometry.size;
  const dense = geometry.links.length > 24;
  const fontSize = labelSize(geometry);
  const landElements = useMemo(() => landMarks(lands, radius), [lands, radius]);
  const pillElements = useMemo(() => pillBoxes(pills, devices, length, thickness, fontSize), [pills, devices, length, thickness, fontSize]);
  return (
    <div className="gs-devices-overlay" aria-hidden="true">
      <ArrowMarkers id={markers} length={arrowLength(geometry)} />
      <StepLinks links={lit.links} arrows={lit.arrows} under={lit.under} step={lit.step + 1} markers={markers} width={width} height={height} dense={dense} />
      {/* Rendered once per plan: the animator's inline styles stay while the lit links change. */}
      <div ref={landsRef}>{landElements}</div>
      <div ref={pillsRef}>{pillElements}</div>
    </div>
  );
}

/** The landing marks, transparent until the animator shows them. */
function landMarks(lands: SpritePlan, radius: number) {
  return lands.sprites.map((sprite, i) => {
    // Keyed by position, as the pills: a mark is reused from step to step (the animator hides it after landing).
    const w = lands.targets[i * TARGET_STRIDE + 2] + 4;
    const h = lands.targets[i * TARGET_STRIDE + 3] + 4;
    const [width, height] = sprite.op === 'reduce' ? [2 * radius, 2 * radius] : [w, h];
    return (
      <div
        key={i}
        className={`gs-dv-land gs-dv-land--${sprite.op}`}
        style={{ width, height, marginLeft: -width / 2, marginTop: -height / 2, fontSize: radius * 1.5, opacity: 0 }}
      >
        {sprite.op === 'reduce' ? '+' : null}
      </div>
    );
  });
}

/** The travelling messages, transparent until the animator moves them. */
function pillBoxes(pills: SpritePlan, devices: number, length: number, thickness: number, fontSize: number) {
  return pills.sprites.map((sprite, i) => (
    // Keyed by position: a sprite is reused from step to step (the animator hides it on arrival).
    // The wrapper moves; the pill inside turns along the path; the label stays level. Without a label
    // the wrapper turns too, and the pill needs no layer of its own (nor a turn left from a labelled
    // picture: the key tells the two kinds apart).
    <div
      key={sprite.label === null ? i : `labelled-${i}`}
      className={sprite.label === null ? 'gs-dv-sprite' : 'gs-dv-sprite gs-dv-sprite--labelled'}
      style={{ opacity: 0 }}
    >
      <div
        className={`gs-dv-pill gs-dv-pill--${sprite.op}`}
        style={{ width: length, height: thickness, left: -length / 2, top: -thickness / 2, backgroundImage: pillBackground(sprite.set, devices) }}
      />
      {sprite.label !== null && (
        <span className="gs-dv-pill-label" style={{ top: thickness / 2 + 3, fontSize }}>
          {sprite.label}
        </span>
      )}
    </div>
  ));
}

export const TransferOverlay = memo(TransferOverlayImpl);
