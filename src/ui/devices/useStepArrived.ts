// Whether the step the store is at has arrived in the picture. A single step forward first lets its
// messages travel (useShownStep.ts), so what only the arrived step can say, that the collective is
// done, waits until they have landed rather than showing over cells still being written.

import { useEffect, useState } from 'react';
import type { Transition } from '../../store/simState';
import { stepDurationMs } from '../../store/simStore';
import { useSim } from '../StoreContext';
import { travelMs } from './motion/transferAnimator';
import { travels } from './useShownStep';

export function useStepArrived(): boolean {
  const transition = useSim((s) => s.transition);
  const stepMs = useSim(stepDurationMs);
  const travelling = travels(transition);
  const [arrived, setArrived] = useState<Transition | null>(null);
  useEffect(() => {
    if (!travelling) return;
    const timer = setTimeout(() => setArrived(transition), Math.max(0, transition.startedAt + travelMs(stepMs) - performance.now()));
    return () => clearTimeout(timer);
  }, [transition, travelling, stepMs]);
  return !travelling || arrived === transition;
}
