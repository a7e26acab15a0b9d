// The layer above the cards where messages travel: one hidden pill per sprite of the next step and one
// hidden landing mark per sprite of the step just shown. They are HTML boxes the animator moves with
// CSS transforms only, so a frame recomposites them without repainting anything.

import { memo, useLayoutEffect, useRef, type RefObject } from 'react';
import type { DiagramGeometry } from './geometry';
import { pillBackground } from './pillPaint';
import { TARGET_STRIDE, type SpritePlan } from './sprites';
import type { OverlayHandle } from './transferAnimator';

export interface TransferOverlayProps {
  geometry: DiagramGeometry;
  devices: number;
  pills: SpritePlan;
  lands: SpritePlan;
  handle: RefObject<OverlayHandle>;
}

export function pillSize(geometry: DiagramGeometry): { length: number; thickness: number } {
  const large = geometry.card.textSize > 0;
  const length = Math.max(10, Math.min(large ? 44 : 30, geometry.card.width * 0.3));
  return { length, thickness: Math.max(5, Math.min(large ? 13 : 10, length * 0.36)) };
}

function TransferOverlayImpl({ geometry, devices, pills, lands, handle }: TransferOverlayProps) {
  const pillsRef = useRef<HTMLDivElement>(null);
  const landsRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    handle.current = { pills: pillsRef.current, pillPlan: pills, lands: landsRef.current, landPlan: lands };
  }, [handle, pills, lands]);
  const { length, thickness } = pillSize(geometry);
  const radius = Math.max(5, Math.min(14, Math.min(geometry.card.cellWidth, geometry.card.cellHeight) * 0.45));
  return (
    <div className="gs-devices-overlay" aria-hidden="true">
      <div ref={landsRef}>
        {lands.sprites.map((sprite, i) => {
          const w = lands.targets[i * TARGET_STRIDE + 2] + 4;
          const h = lands.targets[i * TARGET_STRIDE + 3] + 4;
          const [width, height] = sprite.op === 'reduce' ? [2 * radius, 2 * radius] : [w, h];
          return (
            <div
              key={`${lands.step}-${i}`}
              className={`gs-dv-land gs-dv-land--${sprite.op}`}
              style={{ width, height, marginLeft: -width / 2, marginTop: -height / 2, fontSize: radius * 1.5, visibility: 'hidden' }}
            >
              {sprite.op === 'reduce' ? '+' : null}
            </div>
          );
        })}
      </div>
      <div ref={pillsRef}>
        {pills.sprites.map((sprite, i) => (
          // Keyed by position: a sprite is reused from step to step (the animator hides it on arrival).
          // The wrapper moves; the pill inside turns along the path; the label stays level.
          <div key={i} className="gs-dv-sprite" style={{ visibility: 'hidden' }}>
            <div
              className={`gs-dv-pill gs-dv-pill--${sprite.op}`}
              style={{ width: length, height: thickness, left: -length / 2, top: -thickness / 2, backgroundImage: pillBackground(sprite.set, devices) }}
            />
            {sprite.label !== null && <span className="gs-dv-pill-label" style={{ top: thickness / 2 + 3 }}>{sprite.label}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}

export const TransferOverlay = memo(TransferOverlayImpl);
