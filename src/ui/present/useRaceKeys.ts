// The race's keys, on the whole page: Space plays or pauses the clock, ← and → jump between step
// ends, Home resets and End runs to the finish — unless the user is typing or on a control.

import { useEffect, useRef } from 'react';
import type { RaceClock } from './useRaceClock';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

export function useRaceKeys(clock: RaceClock): void {
  const live = useRef(clock);
  live.current = clock;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const element = event.target as HTMLElement | null;
      if (element && (TYPING.has(element.tagName) || element.isContentEditable)) return;
      const c = live.current;
      const actions: Record<string, () => void> = { ' ': c.toggle, ArrowLeft: c.previous, ArrowRight: c.next, Home: c.reset, End: c.toEnd };
      const action = actions[event.key];
      if (!action || (event.key === ' ' && element?.tagName === 'BUTTON')) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
