// Moves one step's sprites: the step's links light up with their arrows and the sprites travel along
// them from source to destination cell (TRAVEL), the view then shows the new step and the destination
// cells pulse (LANDING), then the loop stops (IDLE). Per frame only transforms and opacities change
// (compositor work); React renders once at arrival.

import { LABEL_STRIDE, roomForLabels } from './labelRoom';
import { PATH_STRIDE, TARGET_STRIDE, type SpritePlan } from './sprites';
import { PATH_POINTS } from '../layout/travelPaths';

/** What the overlay has rendered, kept current by the overlay after every commit. */
export interface OverlayHandle {
  pills: HTMLElement | null;
  pillPlan: SpritePlan;
  lands: HTMLElement | null;
  landPlan: SpritePlan;
  /** Lights the links of the step (0-based) whose messages travel, or, with null, of the step shown; absent before the first render. */
  light?(travelling: number | null): void;
}

export interface AnimatorHost {
  overlay: { readonly current: OverlayHandle };
  /** Shows a step in the static picture (a React state update). */
  show(step: number): void;
  now(): number;
  requestFrame(callback: () => void): number;
  cancelFrame(handle: number): void;
}

/** Share of a step's duration the sprites travel, so a room can follow them; the landing takes part of the rest. */
const TRAVEL_SHARE = 0.8;
const LANDING_SHARE = 0.16;
const LANDING_MAX_MS = 320;
/** Most of the travel time a message spends inside its source card, and inside its destination card. */
const CARD_SHARE = 0.08;

type Phase = 'idle' | 'travel' | 'landing';

/** How long a step's messages travel before the picture shows the step they make (ms). */
export function travelMs(stepMs: number): number {
  return Math.max(1, stepMs * TRAVEL_SHARE);
}

/** Half linear, half eased: starts and stops at half speed, at most 1.3× the average in the middle. */
function ease(t: number): number {
  return 0.5 * t + 0.25 * (1 - Math.cos(Math.PI * t));
}

/**
 * Hidden by opacity, not visibility: a box that keeps its layer and its paint costs a style change to
 * show and to hide, not a repaint of it and of what it holds.
 */
function hideAll(group: HTMLElement | null): void {
  if (!group) return;
  for (const child of group.children) {
    const style = (child as HTMLElement).style;
    if (style.opacity !== '0') style.opacity = '0';
  }
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
  /** Whether this travel has lit its step's links. */
  private lit = false;
  /** The labels' sizes, measured once per plan (a layout read), and where they are in a frame. */
  private measured: SpritePlan | null = null;
  private labelSizes = new Float64Array(0);
  private labelBoxes = new Float64Array(0);
  private labelShifts = new Float64Array(0);
  private stageWidth = Infinity;

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
    this.travelMs = travelMs(stepMs);
    this.landMs = Math.max(1, Math.min(LANDING_MAX_MS, stepMs * LANDING_SHARE));
    this.phase = 'travel';
    this.lit = false;
    this.host.show(from);
    this.frame = this.host.requestFrame(this.tick);
  }

  /** Stops at once, leaving nothing moving and the shown step's links lit; the caller decides which step to show. */
  cancel(): void {
    if (this.frame) this.host.cancelFrame(this.frame);
    this.frame = 0;
    if (this.phase === 'idle') return;
    this.phase = 'idle';
    const overlay = this.host.overlay.current;
    hideAll(overlay.pills);
    hideAll(overlay.lands);
    overlay.light?.(null);
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
        // Rendered together: the arrived step, and its links lit as the shown step's.
        this.host.show(this.to);
        overlay.light?.(null);
        this.lit = false;
      } else if (overlay.pills && overlay.pillPlan.step === this.from) {
        // The travelling step's links take over from the shown step's (one render a step).
        if (!this.lit) {
          this.lit = true;
          overlay.light?.(this.from);
        }
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
    const e = ease(t);
    const { paths, onLink, sprites } = overlay.pillPlan;
    const fade = Math.min(1, t / 0.06, (1 - t) / 0.08);
    const shrink = t > 0.88 ? 1 - (t - 0.88) * 2.5 : 1;
    const pills = overlay.pills!.children;
    const labelled = sprites.some((sprite) => sprite.label !== null);
    if (labelled && this.measured !== overlay.pillPlan) this.measureLabels(overlay);
    this.labelBoxes.fill(Number.NaN);
    for (let i = 0; i < pills.length && (i + 1) * PATH_STRIDE <= paths.length; i++) {
      const leaveAt = onLink[2 * i];
      const enterAt = onLink[2 * i + 1];
      const along = wayAt(e, leaveAt, enterAt) * (PATH_POINTS - 1);
      // Between path points k and k + 1; the heading blends the chords around them, so it turns smoothly.
      const k = Math.min(PATH_POINTS - 2, Math.floor(along));
      const f = along - k;
      const base = i * PATH_STRIDE;
      const at = base + 2 * k;
      const back = base + 2 * Math.max(0, k - 1);
      const ahead = base + 2 * Math.min(PATH_POINTS - 1, k + 2);
      const x = paths[at] + f * (paths[at + 2] - paths[at]);
      const y = paths[at + 1] + f * (paths[at + 3] - paths[at + 1]);
      const dx = (1 - f) * (paths[at + 2] - paths[back]) + f * (paths[ahead] - paths[at]);
      const dy = (1 - f) * (paths[at + 3] - paths[back + 1]) + f * (paths[ahead + 1] - paths[at + 1]);
      const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
      const sprite = (pills[i] as HTMLElement).style;
      const move = `translate(${x.toFixed(1)}px,${y.toFixed(1)}px)`;
      const turn = `rotate(${angle.toFixed(1)}deg) scale(${shrink.toFixed(3)})`;
      sprite.opacity = fade.toFixed(3);
      if (sprites[i]?.label === null) {
        // No label to keep level: the box turns about the pill's centre, one transform a frame.
        sprite.transform = `${move} ${turn}`;
        continue;
      }
      sprite.transform = move;
      const pill = (pills[i].firstElementChild as HTMLElement | null)?.style;
      if (pill) pill.transform = turn;
      // The expression is read on the link; over the cards it would hide their own.
      const opacity = labelOpacity(along / (PATH_POINTS - 1), leaveAt, enterAt);
      if (opacity > 0 && i * LABEL_STRIDE < this.labelBoxes.length) {
        const [boxes, sizes, at] = [this.labelBoxes, this.labelSizes, i * LABEL_STRIDE];
        boxes[at] = x;
        boxes[at + 1] = y + sizes[at + 1];
        boxes[at + 2] = sizes[at];
        boxes[at + 3] = sizes[at + 2];
      }
      const label = (pills[i].lastElementChild as HTMLElement | null)?.style;
      if (label) label.opacity = opacity.toFixed(3);
    }
    if (labelled) this.makeRoom(pills);
  }

  /** Each label's width, its top below the pill's centre and its height; the picture's width. */
  private measureLabels(overlay: OverlayHandle): void {
    const pills = overlay.pills!.children;
    this.measured = overlay.pillPlan;
    this.labelSizes = new Float64Array(pills.length * LABEL_STRIDE);
    this.labelBoxes = new Float64Array(pills.length * LABEL_STRIDE);
    this.labelShifts = new Float64Array(pills.length);
    for (let i = 0; i < pills.length; i++) {
      const label = (overlay.pillPlan.sprites[i]?.label ?? null) !== null ? (pills[i].lastElementChild as HTMLElement | null) : null;
      if (label) this.labelSizes.set([label.offsetWidth || 0, label.offsetTop || 0, label.offsetHeight || 0], i * LABEL_STRIDE);
    }
    this.stageWidth = overlay.pills!.parentElement?.clientWidth || Infinity;
  }

  /** Labels that would cover one another give way; the rest slide inside the picture (labelRoom.ts). */
  private makeRoom(pills: HTMLCollection): void {
    const count = Math.min(pills.length, this.labelShifts.length);
    roomForLabels(this.labelBoxes, count, this.stageWidth, this.labelShifts);
    for (let i = 0; i < count; i++) {
      if (Number.isNaN(this.labelBoxes[i * LABEL_STRIDE])) continue;
      const label = (pills[i].lastElementChild as HTMLElement | null)?.style;
      if (!label) continue;
      const shift = this.labelShifts[i];
      if (Number.isNaN(shift)) label.opacity = '0';
      const transform = Number.isNaN(shift) || shift === 0 ? '' : `translateX(calc(-50% + ${shift.toFixed(1)}px))`;
      if (label.transform !== transform) label.transform = transform;
    }
  }

  private placeLands(overlay: OverlayHandle, p: number): void {
    const marks = overlay.lands!.children;
    const { targets, sprites } = overlay.landPlan;
    const opacity = (1 - p) * (1 - p);
    for (let i = 0; i < marks.length && i * TARGET_STRIDE < targets.length; i++) {
      const mark = (marks[i] as HTMLElement).style;
      const at = i * TARGET_STRIDE;
      const reduce = sprites[i]?.op === 'reduce';
      const grow = reduce ? 0.7 + 0.9 * p : 1 + 0.35 * p;
      // A reduce's "+" sits on the cell's top right corner, clear of the expression the cell writes.
      const [dx, dy] = reduce ? cornerOffset(targets[at + 2], targets[at + 3], targets[at + 4]) : [0, 0];
      mark.transform = `translate(${(targets[at] + dx).toFixed(1)}px,${(targets[at + 1] + dy).toFixed(1)}px) rotate(${targets[at + 4].toFixed(1)}deg) scale(${grow.toFixed(3)})`;
      mark.opacity = opacity.toFixed(3);
    }
  }
}

/** From a cell's centre to its top right corner, for a cell `width` × `height` turned by `turn` degrees. */
function cornerOffset(width: number, height: number, turn: number): [number, number] {
  const radians = (turn * Math.PI) / 180;
  const x = width / 2;
  const y = -height / 2;
  return [x * Math.cos(radians) - y * Math.sin(radians), x * Math.sin(radians) + y * Math.cos(radians)];
}

/**
 * Share of its way a message has come at share `e` of its travel time: leaving its card and entering
 * the other take at most CARD_SHARE of the way's progress each (about 12% of the time), so most of the time is spent on the link.
 */
export function wayAt(e: number, leaveAt: number, enterAt: number): number {
  const out = Math.min(leaveAt, CARD_SHARE);
  const into = Math.min(1 - enterAt, CARD_SHARE);
  if (e < out) return (e / out) * leaveAt;
  if (e > 1 - into) return enterAt + ((e - (1 - into)) / into) * (1 - enterAt);
  return leaveAt + ((e - out) / Math.max(1e-9, 1 - out - into)) * (enterAt - leaveAt);
}

/** Opacity of a message's label at share `e` of its way: full on the link, fading out over the cards. */
function labelOpacity(e: number, leaveAt: number, enterAt: number): number {
  const fade = 0.06;
  return Math.max(0, Math.min(1, (e - leaveAt + fade) / fade, (enterAt + fade - e) / fade));
}
