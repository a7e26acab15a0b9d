// The classroom view of one store: full screen, high contrast, large type; the devices and the
// step's sentences fill the screen, the keys drive it (presenterKeys.ts lists them; ? shows them
// large, and Esc closes that list before it exits). It shares the app's store, so the URL keeps
// following the step.

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { playSpeed, type SimStore } from '../../store/simStore';
import { stepAlgorithm, stepSpeed } from '../../store/config';
import { KEYS_KEY } from '../controls/appKeys';
import { useKeyboardControls } from '../controls/useKeyboardControls';
import { DevicesView } from '../devices/DevicesView';
import { useElementSize } from '../devices/useElementSize';
import { PredictPanel } from '../lessons/PredictPanel';
import { SimProvider, useSim } from '../StoreContext';
import { PresenterBar } from './PresenterBar';
import { PresenterKeyStrip } from './PresenterKeyStrip';
import { KeysDialog } from './KeysDialog';
import { PresenterNarration } from './PresenterNarration';
import { narrowedColumn, usualColumn } from './narrationColumn';
import { PRESENTER_KEYS, PRESENTER_PRESSES } from './presenterKeys';
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

/** − and + (or =) step the speed; A and Shift+A the algorithm, unless a loaded schedule replaces it. */
function settingKey(store: SimStore, key: string): void {
  const state = store.getState();
  const { config, custom, setConfig } = state;
  if (key === '-') setConfig({ speed: stepSpeed(playSpeed(state), -1) });
  else if (key === '+' || key === '=') setConfig({ speed: stepSpeed(playSpeed(state), 1) });
  else if ((key === 'a' || key === 'A') && custom === null) setConfig(stepAlgorithm(config, key === 'a' ? 1 : -1));
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function PresenterMode({ store, onExit, theme, fullscreen: auto = true }: PresenterModeProps) {
  const root = useRef<HTMLDivElement>(null);
  const [dark, setDark] = useState(() => (theme ? theme === 'dark' : systemDark()));
  const [quiz, setQuiz] = useState(false);
  const [help, setHelp] = useState(false);
  const closeHelp = () => {
    setHelp(false);
    root.current?.focus({ preventScroll: true });
  };
  // Esc in full screen also makes the browser leave full screen, just after the key: when that Esc
  // closed the list of keys, the presenter stays (F goes back to full screen). Any later key forgets it.
  const escapedHelp = useRef(false);
  const live = useRef({ onExit, help, quiz, closeHelp, toggleFullscreen: () => {} });
  const onBrowserExit = () => {
    if (escapedHelp.current || live.current.help) live.current.closeHelp();
    else live.current.onExit();
    escapedHelp.current = false;
  };
  const fullscreen = useFullscreen(root, onBrowserExit, auto);
  live.current = { onExit, help, quiz, closeHelp, toggleFullscreen: fullscreen.toggle };
  useKeyboardControls(store, root, false);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      escapedHelp.current = false;
      if (event.altKey || event.ctrlKey || event.metaKey || !PRESENTER_PRESSES.has(event.key)) return;
      const typing = (event.target as HTMLElement | null)?.tagName;
      if (typing === 'INPUT' || typing === 'SELECT' || typing === 'TEXTAREA') return;
      event.stopPropagation();
      const now = live.current;
      if (event.key === 'Escape' && now.help) {
        escapedHelp.current = document.fullscreenElement === element;
        now.closeHelp();
      } else if (event.key === 'Escape' && now.quiz) {
        // Esc leaves the question for the narration first; in full screen the browser's own exit that follows keeps the presenter.
        escapedHelp.current = document.fullscreenElement === element;
        setQuiz(false);
      } else if (event.key === 'Escape') now.onExit();
      else if (event.key === KEYS_KEY) {
        event.preventDefault();
        if (now.help) now.closeHelp();
        else setHelp(true);
      } else if (event.key === 'f' || event.key === 'F') now.toggleFullscreen();
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
        <PresenterMain>
          {quiz ? (
            <div className="gs-presenter-quiz">
              <PredictPanel keysFrom={root} />
            </div>
          ) : (
            <PresenterNarration keysFrom={root} />
          )}
        </PresenterMain>
        <PresenterKeyStrip quiz={quiz} />
        {help && <KeysDialog title="Presenter keys" keys={PRESENTER_KEYS} onClose={closeHelp} />}
      </div>
    </SimProvider>
  );
}

/** The picture and, beside it, the narration's column: narrowed where the picture's cells then write larger (narrationColumn.ts). */
function PresenterMain({ children }: { children: ReactNode }) {
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const [ref, size] = useElementSize<HTMLElement>({ width: 0, height: 0 });
  const usual = usualColumn(typeof window === 'undefined' ? 0 : window.innerWidth);
  const narrowed = useMemo(() => (schedule && usual !== null && size.width > 0 ? narrowedColumn(schedule, size, usual) : null), [schedule, size, usual]);
  return (
    <main ref={ref} className="gs-presenter-main" style={narrowed === null ? undefined : { gridTemplateColumns: `minmax(0, 1fr) ${narrowed}px` }}>
      <div className="gs-presenter-stage">
        <DevicesView />
      </div>
      {children}
    </main>
  );
}
