// The step the picture shows. It follows the store's step, except that a single step forward first
// lets the messages travel and only then shows the new step; going back or jumping shows at once,
// and so does everything under prefers-reduced-motion.

import { useEffect, useState, type RefObject } from 'react';
import type { Transition } from '../../store/simState';
import { stepDurationMs, type SimStore } from '../../store/simStore';
import { TransferAnimator, type OverlayHandle } from './motion/transferAnimator';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function canAnimate(): boolean {
  return typeof requestAnimationFrame === 'function' && !prefersReducedMotion();
}

/** Whether the picture lets a transition's messages travel before it shows the step they make. */
export function travels(transition: Pick<Transition, 'kind' | 'from' | 'to'>): boolean {
  return transition.kind === 'step' && transition.to === transition.from + 1 && canAnimate();
}

export function useShownStep(store: SimStore, overlay: RefObject<OverlayHandle>): number {
  const [shown, setShown] = useState(() => store.getState().step);
  useEffect(() => {
    const animator = new TransferAnimator({
      overlay,
      show: setShown,
      now: () => performance.now(),
      requestFrame: (callback) => requestAnimationFrame(callback),
      cancelFrame: (handle) => cancelAnimationFrame(handle),
    });
    let last = store.getState().transition;
    setShown(store.getState().step);
    const unsubscribe = store.subscribe((state) => {
      if (state.transition === last) return;
      last = state.transition;
      const { from, to, startedAt } = state.transition;
      animator.cancel();
      if (travels(state.transition)) animator.start(from, startedAt, stepDurationMs(state));
      else setShown(to);
    });
    return () => {
      unsubscribe();
      animator.cancel();
    };
  }, [store, overlay]);
  return shown;
}
