import { describe, expect, it } from 'vitest';
import { NO_SPRITES, type SpritePlan } from '../../../src/ui/devices/sprites';
import { TransferAnimator, type OverlayHandle } from '../../../src/ui/devices/transferAnimator';

class FakeElement {
  readonly style: Record<string, string> = {};
  readonly firstElementChild = { style: {} as Record<string, string> };
}

function plan(step: number, count: number): SpritePlan {
  return {
    step,
    sprites: Array.from({ length: count }, (_, i) => ({ src: i, dst: i + 1, chunk: 0, op: 'reduce' as const, set: new Int32Array([i, i + 1, 1]), label: null })),
    // A straight path from (0, 0) to (100, 100): halfway in time is halfway in space.
    curves: Float64Array.from({ length: count * 6 }, (_, i) => [0, 0, 50, 50, 100, 100][i % 6]),
    targets: new Float64Array(count * 5),
  };
}

function harness() {
  let now = 0;
  const frames: (() => void)[] = [];
  const shown: number[] = [];
  const pills = Array.from({ length: 2 }, () => new FakeElement());
  const lands = Array.from({ length: 2 }, () => new FakeElement());
  const overlay: { current: OverlayHandle } = {
    current: { pills: { children: pills } as unknown as HTMLElement, pillPlan: plan(2, 2), lands: { children: lands } as unknown as HTMLElement, landPlan: NO_SPRITES },
  };
  const animator = new TransferAnimator({
    overlay,
    show: (step) => {
      shown.push(step);
      // What React does on showing a step: the marks of the step that led here are rendered.
      overlay.current = { ...overlay.current, landPlan: plan(step - 1, 2) };
    },
    now: () => now,
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => frames.splice(0),
  });
  const runFrameAt = (ms: number) => {
    now = ms;
    const next = frames.shift();
    next?.();
    return next !== undefined;
  };
  return { animator, shown, pills, lands, frames, runFrameAt };
}

describe('the transfer animator', () => {
  it('moves the pills, then shows the next step, lands and stops', () => {
    const { animator, shown, pills, lands, frames, runFrameAt } = harness();
    animator.start(2, 0, 1000);
    expect(shown).toEqual([2]);
    runFrameAt(350);
    expect(pills[0].style.visibility).toBe('visible');
    expect(pills[0].style.transform).toBe('translate(50.0px,50.0px)');
    expect(pills[0].firstElementChild.style.transform).toBe('rotate(45.0deg) scale(1.000)');
    expect(shown).toEqual([2]);
    runFrameAt(700);
    expect(shown).toEqual([2, 3]);
    expect(pills[0].style.visibility).toBe('hidden');
    runFrameAt(800);
    expect(lands[1].style.visibility).toBe('visible');
    runFrameAt(1000);
    expect(lands[1].style.visibility).toBe('hidden');
    expect(frames).toHaveLength(0);
    expect(animator.running).toBe(false);
  });

  it('stops cleanly when cancelled mid-travel, never showing the next step itself', () => {
    const { animator, shown, pills, frames, runFrameAt } = harness();
    animator.start(2, 0, 1000);
    runFrameAt(200);
    animator.cancel();
    expect(frames).toHaveLength(0);
    expect(pills.every((pill) => pill.style.visibility === 'hidden')).toBe(true);
    expect(shown).toEqual([2]);
    expect(animator.running).toBe(false);
  });

  it('waits for the pills of its step before moving them', () => {
    const { animator, pills, runFrameAt } = harness();
    animator.start(5, 0, 1000);
    runFrameAt(300);
    expect(pills[0].style.transform).toBeUndefined();
  });
});
