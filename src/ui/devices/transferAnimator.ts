// Moves one step's sprites: they travel from source to destination cell (TRAVEL), the view then shows
// the new step and the destination cells pulse (LANDING), then the loop stops (IDLE). Per frame only
// the sprites' transform and opacity change (compositor work); React renders once at arrival.

import { TARGET_STRIDE, type SpritePlan } from './sprites';

/** What the overlay has rendered, kept current by the overlay after every commit. */
export interface OverlayHandle {
  pills: HTMLElement | null;
  pillPlan: SpritePlan;
  lands: HTMLElement | null;
  landPlan: SpritePlan;
}

export interface AnimatorHost {
  overlay: { readonly current: OverlayHandle };
  /** Shows a step in the static picture (a React state update). */
  show(step: number): void;
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
}

/** Share of a step's duration the sprites travel; the landing takes part of the rest. */
export const TRAVEL_SHARE = 0.7;
const LANDING_SHARE = 0.25;
const LANDING_MAX_MS = 320;

type Phase = 'idle' | 'travel' | 'landing';

function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2;
}

function hideAll(group: HTMLElement | null): void {
  if (!group) return;
  for (const child of group.children) (child as HTMLElement).style.visibility = 'hidden';
}

export class TransferAnimator {
  private phase: Phase = 'idle';
  private frame = 0;
  private from = 0;
  private to = 0;
  private startedAt = 0;
  private travelMs = 1;
  private landMs = 1;
  private arrivedAt = 0;

  constructor(private readonly host: AnimatorHost) {}

  get running(): boolean {
    return this.phase !== 'idle';
  }

  /** Animates step `from` → `from + 1`, which began at `startedAt` (ms, the host's clock). */
  start(from: number, startedAt: number, stepMs: number): void {
    this.cancel();
    this.from = from;
    this.to = from + 1;
    this.startedAt = startedAt;
    this.travelMs = Math.max(1, stepMs * TRAVEL_SHARE);
    this.landMs = Math.max(1, Math.min(LANDING_MAX_MS, stepMs * LANDING_SHARE));
    this.phase = 'travel';
    this.host.show(from);
    this.frame = this.host.requestFrame(this.tick);
  }

  /** Stops at once, leaving nothing drawn; the caller decides which step to show. */
  cancel(): void {
    if (this.frame) this.host.cancelFrame(this.frame);
    this.frame = 0;
    if (this.phase === 'idle') return;
    this.phase = 'idle';
    const overlay = this.host.overlay.current;
    hideAll(overlay.pills);
    hideAll(overlay.lands);
  }

  private readonly tick = (): void => {
    this.frame = 0;
    const now = this.host.now();
    const overlay = this.host.overlay.current;
    if (this.phase === 'travel') {
      const t = (now - this.startedAt) / this.travelMs;
      if (t >= 1) {
        hideAll(overlay.pills);
        this.phase = 'landing';
        this.arrivedAt = now;
        this.host.show(this.to);
      } else if (overlay.pills && overlay.pillPlan.step === this.from) {
        this.placePills(overlay, Math.max(0, t));
      }
    }
    if (this.phase === 'landing') {
      const p = (now - this.arrivedAt) / this.landMs;
      if (p >= 1) {
        hideAll(overlay.lands);
        this.phase = 'idle';
        return;
      }
      // The landing marks of step `to` exist once React has rendered it.
      if (overlay.lands && overlay.landPlan.step === this.to - 1) this.placeLands(overlay, p);
    }
    this.frame = this.host.requestFrame(this.tick);
  };

  private placePills(overlay: OverlayHandle, t: number): void {
    const e = easeInOut(t);
    const u = 1 - e;
    const curves = overlay.pillPlan.curves;
    const fade = Math.min(1, t / 0.08, (1 - t) / 0.1);
    const shrink = t > 0.85 ? 1 - (t - 0.85) * 2 : 1;
    const pills = overlay.pills!.children;
    for (let i = 0; i < pills.length && i * 6 < curves.length; i++) {
      const [x0, y0, cx, cy, x1, y1] = curves.subarray(i * 6, i * 6 + 6);
      const x = u * u * x0 + 2 * u * e * cx + e * e * x1;
      const y = u * u * y0 + 2 * u * e * cy + e * e * y1;
      const dx = 2 * u * (cx - x0) + 2 * e * (x1 - cx);
      const dy = 2 * u * (cy - y0) + 2 * e * (y1 - cy);
      const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
      const sprite = (pills[i] as HTMLElement).style;
      sprite.transform = `translate(${x.toFixed(1)}px,${y.toFixed(1)}px)`;
      sprite.opacity = fade.toFixed(3);
      if (sprite.visibility !== 'visible') sprite.visibility = 'visible';
      const pill = (pills[i].firstElementChild as HTMLElement | null)?.style;
      if (pill) pill.transform = `rotate(${angle.toFixed(1)}deg) scale(${shrink.toFixed(3)})`;
    }
  }

  private placeLands(overlay: OverlayHandle, p: number): void {
    const marks = overlay.lands!.children;
    const { targets, sprites } = overlay.landPlan;
    const opacity = (1 - p) * (1 - p);
    for (let i = 0; i < marks.length && i * TARGET_STRIDE < targets.length; i++) {
      const mark = (marks[i] as HTMLElement).style;
      const at = i * TARGET_STRIDE;
      const grow = sprites[i]?.op === 'reduce' ? 0.7 + 0.9 * p : 1 + 0.35 * p;
      mark.transform = `translate(${targets[at].toFixed(1)}px,${targets[at + 1].toFixed(1)}px) rotate(${targets[at + 4].toFixed(1)}deg) scale(${grow.toFixed(3)})`;
      mark.opacity = opacity.toFixed(3);
      if (mark.visibility !== 'visible') mark.visibility = 'visible';
    }
  }
}
