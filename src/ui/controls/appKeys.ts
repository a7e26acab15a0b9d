// The app's keys, as its key list (KeysHelp) shows them: the player's (useKeyboardControls), the
// presenter's opening key (PresentButton) and the list's own. The presenter's keys inside it are
// present/presenterKeys.ts.

/** The key that opens the presenter. */
export const PRESENT_KEY = 'P';
/** The key that shows and hides the list of keys. */
export const KEYS_KEY = '?';

export interface AppKey {
  keys: readonly string[];
  does: string;
}

export const APP_KEYS: readonly AppKey[] = [
  { keys: ['Space'], does: 'play or pause' },
  { keys: ['←', '→'], does: 'step back, step forward' },
  { keys: ['Home', 'End'], does: 'to the start, to the end' },
  { keys: [PRESENT_KEY], does: 'present: full screen, large type, for a room' },
  { keys: [KEYS_KEY], does: 'show or hide these keys' },
];
