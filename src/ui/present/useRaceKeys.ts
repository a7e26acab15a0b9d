// The race's keys (raceKeys.ts), on the whole page: Space plays or pauses the clock, ← and → jump
// between step ends, Home resets and End runs to the finish, − and + set the speed, ? shows the keys
// and Esc closes them —
// unless the user is typing or on a control. While the keys are shown, only ? and Esc are answered.

import { useEffect, useRef } from 'react';
import { RACE_KEYS, type RaceKeyId } from './raceKeys';
import type { RaceClock } from './useRaceClock';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);

const KEY_IDS = new Map(RACE_KEYS.flatMap((key) => key.presses.map((press) => [press, key.id] as const)));

export interface RaceKeysHelp {
  shown: boolean;
  show(shown: boolean): void;
}

/** `speed` steps the race's speed one choice slower (−1) or faster (+1). */
export function useRaceKeys(clock: RaceClock, help: RaceKeysHelp, speed: (direction: 1 | -1) => void): void {
  const live = useRef({ clock, help, speed });
  live.current = { clock, help, speed };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const element = event.target as HTMLElement | null;
      if (element && (TYPING.has(element.tagName) || element.isContentEditable)) return;
      const id = KEY_IDS.get(event.key);
      if (!id || (event.key === ' ' && element?.tagName === 'BUTTON')) return;
      const { clock: c, help: h, speed: faster } = live.current;
      if (h.shown && id !== 'keys' && id !== 'close') return;
      if (id === 'close' && !h.shown) return;
      event.preventDefault();
      const actions: Record<RaceKeyId, () => void> = {
        play: c.toggle,
        step: event.key === 'ArrowLeft' ? c.previous : c.next,
        ends: event.key === 'Home' ? c.reset : c.toEnd,
        speed: () => faster(event.key === '-' ? -1 : 1),
        keys: () => h.show(!h.shown),
        close: () => h.show(false),
      };
      actions[id]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
