// The presenter's keys, in one list: its key strip (PresenterKeyStrip), its own list on ? and the
// app's (KeysHelp) show them from here, and the presenter keeps every key pressed here from the page
// around it (PresenterMode), so what the lists say and what the keys do cannot drift apart.

import { KEYS_KEY, type AppKey } from '../controls/appKeys';

/** The keys that turn the narration's pages (PresenterNarration): N and P, and a clicker's. */
export const NEXT_PAGE_KEYS: readonly string[] = ['n', 'N', 'PageDown'];
export const PREVIOUS_PAGE_KEYS: readonly string[] = ['p', 'P', 'PageUp'];

export type PresenterKeyId = 'play' | 'step' | 'ends' | 'speed' | 'algorithm' | 'predict' | 'pages' | 'clicker' | 'fullscreen' | 'theme' | 'keys' | 'exit';

export interface PresenterKey extends AppKey {
  id: PresenterKeyId;
  /** The KeyboardEvent.key values that press it. */
  presses: readonly string[];
  /** Its word in the key strip; absent where only the lists name it, so the strip keeps to one line at 1024 px. */
  strip?: string;
}

export const PRESENTER_KEYS: readonly PresenterKey[] = [
  { id: 'play', keys: ['Space'], presses: [' '], does: 'play or pause', strip: 'play' },
  { id: 'step', keys: ['←', '→'], presses: ['ArrowLeft', 'ArrowRight'], does: 'step back, step forward', strip: 'step' },
  { id: 'ends', keys: ['Home', 'End'], presses: ['Home', 'End'], does: 'to the start, to the end' },
  { id: 'speed', keys: ['−', '+'], presses: ['-', '+', '='], does: 'slower, faster', strip: 'speed' },
  { id: 'algorithm', keys: ['A', '⇧A'], presses: ['a', 'A'], does: 'next, previous algorithm', strip: 'algorithm' },
  { id: 'predict', keys: ['Q'], presses: ['q', 'Q'], does: 'predict the next step', strip: 'predict' },
  // The pager names N itself where a step has pages.
  { id: 'pages', keys: ['N', 'P'], presses: ['n', 'N', 'p', 'P'], does: 'next, previous page' },
  { id: 'clicker', keys: ['PgDn', 'PgUp'], presses: ['PageDown', 'PageUp'], does: 'the same, from a clicker' },
  { id: 'fullscreen', keys: ['F'], presses: ['f', 'F'], does: 'full screen on or off', strip: 'full screen' },
  { id: 'theme', keys: ['T'], presses: ['t', 'T'], does: 'light or dark theme', strip: 'theme' },
  { id: 'keys', keys: [KEYS_KEY], presses: [KEYS_KEY], does: 'show or hide these keys', strip: 'keys' },
  { id: 'exit', keys: ['Esc'], presses: ['Escape'], does: 'close these keys or the question, else exit', strip: 'exit' },
];

/** Every key the presenter answers. */
export const PRESENTER_PRESSES: ReadonlySet<string> = new Set(PRESENTER_KEYS.flatMap((key) => key.presses));
