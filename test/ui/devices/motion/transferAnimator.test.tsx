import { describe, expect, it } from 'vitest';
import { NO_SPRITES, type SpritePlan } from '../../../../src/ui/devices/motion/sprites';
import { PATH_POINTS } from '../../../../src/ui/devices/layout/travelPaths';
import { TransferAnimator, wayAt, type OverlayHandle } from '../../../../src/ui/devices/motion/transferAnimator';

class FakeElement {
  readonly style: Record<string, string> = {};
  readonly firstElementChild = { style: {} as Record<string, string> };
  readonly lastElementChild = { style: {} as Record<string, string> };
}

function plan(step: number, count: number): SpritePlan {
  return {
    step,
    sprites: Array.from({ length: count }, (_, i) => ({
      src: i,
      dst: i + 1,
      chunk: 0,
      op: 'reduce' as const,
      set: new Int32Array([i, i + 1, 1]),
      label: '(a₁+b₁)',
    })),
    // A straight path from (0, 0) to (100, 100), evenly sampled: halfway in time is halfway in space.
    paths: Float32Array.from({ length: count * PATH_POINTS * 2 }, (_, i) => (100 * Math.floor((i % (PATH_POINTS * 2)) / 2)) / (PATH_POINTS - 1)),
    // On the link from 20% of the way to 80%.
    onLink: Float32Array.from({ length: count * 2 }, (_, i) => (i % 2 === 0 ? 0.2 : 0.8)),
    targets: new Float64Array(count * 5),
    links: [],
    arrows: null,
    under: null,
  };
}

function harness() {
  let now = 0;
  const frames: (() => void)[] = [];
  const shown: number[] = [];
  const pills = Array.from({ length: 2 }, () => new FakeElement());
  const lands = Array.from({ length: 2 }, () => new FakeElement());
  const lit: (number | null)[] = [];
  const overlay: { current: OverlayHandle } = {
    current: {
      pills: { children: pills } as unknown as HTMLElement,
      pillPlan: plan(2, 2),
      lands: { children: lands } as unknown as HTMLElement,
      landPlan: NO_SPRITES,
      light: (travelling) => lit.push(travelling),
    },
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
  return { animator, shown, pills, lands, lit, frames, runFrameAt, overlay };
}

describe('the transfer animator', () => {
  it('travels for 80% of the step, then shows the next step, lands and stops', () => {
    const { animator, shown, pills, lands, frames, runFrameAt } = harness();
    animator.start(2, 0, 1000);
    expect(shown).toEqual([2]);
    runFrameAt(400);
    expect(pills[0].style.opacity).toBe('1.000');
    expect(pills[0].style.transform).toBe('translate(50.0px,50.0px)');
    expect(pills[0].firstElementChild.style.transform).toBe('rotate(45.0deg) scale(1.000)');
    expect(pills[0].lastElementChild.style.opacity).toBe('1.000');
    expect(shown).toEqual([2]);
    runFrameAt(760);
    // 93% of the way, inside the destination card: the label has faded.
    expect(pills[0].lastElementChild.style.opacity).toBe('0.000');
    runFrameAt(799);
    expect(shown).toEqual([2]);
    runFrameAt(800);
    expect(shown).toEqual([2, 3]);
    expect(pills[0].style.opacity).toBe('0');
    // A 160 ms landing, 50 ms in: the mark fades as (1 − p)².
    runFrameAt(850);
    expect(lands[1].style.opacity).toBe('0.473');
    runFrameAt(960);
    expect(lands[1].style.opacity).toBe('0');
    expect(frames).toHaveLength(0);
    expect(animator.running).toBe(false);
  });

  it('turns a message without a label as one box: the pill inside keeps no transform of its own', () => {
    const { animator, pills, runFrameAt, overlay } = harness();
    const labelled = overlay.current.pillPlan;
    overlay.current = { ...overlay.current, pillPlan: { ...labelled, sprites: labelled.sprites.map((sprite) => ({ ...sprite, label: null })) } };
    animator.start(2, 0, 1000);
    runFrameAt(400);
    expect(pills[0].style.transform).toBe('translate(50.0px,50.0px) rotate(45.0deg) scale(1.000)');
    expect(pills[0].firstElementChild.style.transform).toBeUndefined();
    expect(pills[0].lastElementChild.style.opacity).toBeUndefined();
  });

  it('lets the label of a message that would cover another’s give way for the frame, and slides one at the edge inside the picture', () => {
    const { animator, pills, runFrameAt, overlay } = harness();
    // Laid out by the page: labels 60 px wide and 18 tall, 8 px under the pill's centre, in a picture 90 px wide.
    for (const pill of pills) Object.assign(pill.lastElementChild, { offsetWidth: 60, offsetTop: 8, offsetHeight: 18 });
    overlay.current = { ...overlay.current, pills: { children: pills, parentElement: { clientWidth: 90 } } as unknown as HTMLElement };
    animator.start(2, 0, 1000);
    // Both messages travel the same way: at (50, 50) the second's words would lie on the first's.
    runFrameAt(400);
    expect(pills[0].lastElementChild.style.opacity).toBe('1.000');
    expect(pills[1].lastElementChild.style.opacity).toBe('0');
    // The first's words, 20–80, fit the picture as they are; at 75% of the way (x 75) they slide 15 px back in.
    expect(pills[0].lastElementChild.style.transform).toBe('');
    runFrameAt(560);
    expect(pills[0].lastElementChild.style.transform).toMatch(/^translateX\(calc\(-50% \+ -\d+\.\dpx\)\)$/);
    // The pills themselves both travel.
    expect(pills.map((pill) => pill.style.opacity)).toEqual(['1.000', '1.000']);
  });

  it('lights the travelling step’s links once as it starts to travel, and the shown step’s again on arrival', () => {
    const { animator, lit, runFrameAt } = harness();
    animator.start(2, 0, 1000);
    expect(lit).toEqual([]);
    runFrameAt(16);
    runFrameAt(400);
    expect(lit).toEqual([2]);
    runFrameAt(800);
    expect(lit).toEqual([2, null]);
  });

  it('stops cleanly when cancelled mid-travel, never showing the next step itself', () => {
    const { animator, shown, pills, lit, frames, runFrameAt } = harness();
    animator.start(2, 0, 1000);
    runFrameAt(200);
    animator.cancel();
    expect(frames).toHaveLength(0);
    expect(pills.every((pill) => pill.style.opacity === '0')).toBe(true);
    expect(lit).toEqual([2, null]);
    expect(shown).toEqual([2]);
    expect(animator.running).toBe(false);
  });

  it('waits for the pills of its step before moving them', () => {
    const { animator, pills, runFrameAt } = harness();
    animator.start(5, 0, 1000);
    runFrameAt(300);
    expect(pills[0].style.transform).toBeUndefined();
  });

  it('spends most of the travel on the link: leaving and entering the cards take 8% of the progress each', () => {
    // On the link from 40% to 60% of the way: the cards' parts are long, and passed quickly.
    expect([0, 0.08, 0.5, 0.92, 1].map((e) => wayAt(e, 0.4, 0.6).toFixed(6))).toEqual(['0.000000', '0.400000', '0.500000', '0.600000', '1.000000']);
    // Short parts in the cards keep their own pace.
    expect([wayAt(0.05, 0.05, 0.95), wayAt(0.95, 0.05, 0.95)].map((s) => s.toFixed(6))).toEqual(['0.050000', '0.950000']);
  });
});
