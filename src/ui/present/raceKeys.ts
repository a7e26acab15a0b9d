// The race's keys, in one list: the race answers them (useRaceKeys) and shows them on ? (KeysDialog),
// so what the list says and what the keys do cannot drift apart.

import { KEYS_KEY, type AppKey } from '../controls/appKeys';

export type RaceKeyId = 'play' | 'step' | 'ends' | 'speed' | 'keys' | 'close';

export interface RaceKey extends AppKey {
  id: RaceKeyId;
  /** The KeyboardEvent.key values that press it. */
  presses: readonly string[];
}

export const RACE_KEYS: readonly RaceKey[] = [
  { id: 'play', keys: ['Space'], presses: [' '], does: 'start, pause or go on' },
  { id: 'step', keys: ['←', '→'], presses: ['ArrowLeft', 'ArrowRight'], does: 'back to the last step end, on to the next' },
  { id: 'ends', keys: ['Home', 'End'], presses: ['Home', 'End'], does: 'back to the start, on to the finish' },
  { id: 'speed', keys: ['−', '+'], presses: ['-', '+', '='], does: 'slower, faster' },
  { id: 'keys', keys: [KEYS_KEY], presses: [KEYS_KEY], does: 'show or hide these keys' },
  { id: 'close', keys: ['Esc'], presses: ['Escape'], does: 'close these keys, or a menu, giving the keys back to the race' },
];
