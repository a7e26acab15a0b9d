// The classroom view of one store: full screen, high contrast, large type; the devices and the
// step's sentences fill the screen, the keys drive it (Space, ←, →, Home, End as in the app; N and P
// turn the narration's pages; − and + the speed; A and Shift+A the next and previous algorithm; F full
// screen; T theme; Q predict the next step in place of the narration; Esc exit). It shares the app's
// store, so the URL keeps following the step.

import { useEffect, useRef, useState } from 'react';
import { playSpeed, type SimStore } from '../../store/simStore';
import { stepAlgorithm, stepSpeed } from '../../store/config';
import { useKeyboardControls } from '../controls/useKeyboardControls';
import { DevicesView } from '../devices/DevicesView';
import { PredictPanel } from '../lessons/PredictPanel';
import { SimProvider, useSim } from '../StoreContext';
import { PresenterBar } from './PresenterBar';
import { PAGE_KEYS, PresenterNarration } from './PresenterNarration';
import { StepProgress } from './StepProgress';
import { useFullscreen } from './useFullscreen';

export type PresenterTheme = 'light' | 'dark';

export interface PresenterModeProps {
  store: SimStore;
  onExit(): void;
  /** The theme to start in; without it, the system preference. */
  theme?: PresenterTheme;
  /** Ask for full screen on opening (default true). */
  fullscreen?: boolean;
}

/** Keys the presenter answers; the page around it (the app) must not act on them too. */
const OWN_KEYS = new Set([' ', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape', 'f', 'F', 't', 'T', 'q', 'Q', '-', '+', '=', 'a', 'A', ...PAGE_KEYS]);

/** − and + (or =) step the speed; A and Shift+A the algorithm, unless a loaded schedule replaces it. */
function settingKey(store: SimStore, key: string): void {
  const state = store.getState();
  const { config, custom, setConfig } = state;
  if (key === '-') setConfig({ speed: stepSpeed(playSpeed(state), -1) });
  else if (key === '+' || key === '=') setConfig({ speed: stepSpeed(playSpeed(state), 1) });
  else if ((key === 'a' || key === 'A') && custom === null) setConfig(stepAlgorithm(config, key === 'a' ? 1 : -1));
}

/** The speed in the key strip, as − and + change it: the room sees that the key did something. */
function KeySpeed() {
  const speed = useSim(playSpeed);
  return <span className="gs-presenter-speed">speed {speed}×</span>;
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function PresenterMode({ store, onExit, theme, fullscreen: auto = true }: PresenterModeProps) {
  const root = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(() => (theme ? theme === 'dark' : systemDark()));
  const [quiz, setQuiz] = useState(false);
  const fullscreen = useFullscreen(root, onExit, auto);
  useKeyboardControls(store, root, false);

  const live = useRef({ onExit, fullscreen });
  live.current = { onExit, fullscreen };
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || !OWN_KEYS.has(event.key)) return;
      const typing = (event.target as HTMLElement | null)?.tagName;
      if (typing === 'INPUT' || typing === 'SELECT' || typing === 'TEXTAREA') return;
      event.stopPropagation();
      if (event.key === 'Escape') live.current.onExit();
      else if (event.key === 'f' || event.key === 'F') live.current.fullscreen.toggle();
      else if (event.key === 't' || event.key === 'T') setDark((d) => !d);
      else if (event.key === 'q' || event.key === 'Q') setQuiz((q) => !q);
      else settingKey(store, event.key);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [store]);

  return (
    <SimProvider store={store}>
      <div ref={root} className="gs-root gs-present gs-presenter" data-theme={dark ? 'dark' : 'light'} tabIndex={-1} role="region" aria-label="Presenter mode">
        <PresenterBar fullscreen={fullscreen} dark={dark} onTheme={() => setDark(!dark)} onExit={onExit} />
        <StepProgress />
        <main className="gs-presenter-main">
          <div className="gs-presenter-stage">
            <DevicesView />
          </div>
          {quiz ? (
            <div className="gs-presenter-quiz">
              <PredictPanel keysFrom={root} />
            </div>
          ) : (
            <PresenterNarration keysFrom={root} />
          )}
        </main>
        <p className="gs-presenter-keys" aria-hidden="true">
          <kbd>Space</kbd> play · <kbd>←</kbd> <kbd>→</kbd> step · <kbd>Home</kbd> <kbd>End</kbd> · <kbd>−</kbd> <kbd>+</kbd> <KeySpeed /> · <kbd>A</kbd>{' '}
          <kbd>⇧A</kbd> algorithm · <kbd>Q</kbd> {quiz ? 'narration' : 'predict'} · <kbd>F</kbd> full screen · <kbd>T</kbd> theme · <kbd>Esc</kbd> exit
        </p>
      </div>
    </SimProvider>
  );
}
