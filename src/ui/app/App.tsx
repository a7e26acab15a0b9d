// The whole simulator for one store: configuration, the devices with their controls, narration and
// metrics beside them, then the timeline and the comparison. The inspector opens on a device.

import { useRef, useState } from 'react';
import type { SimStore } from '../../store/simStore';
import { CalibrationPanel } from '../calibration/CalibrationPanel';
import { NcclBuildPanel } from '../ncclBuild/NcclBuildPanel';
import { ConfigBar } from '../config/ConfigBar';
import { Controls } from '../controls/Controls';
import { useKeyboardControls } from '../controls/useKeyboardControls';
import { DevicesView } from '../devices/DevicesView';
import { FaultsPanel } from '../faults/FaultsPanel';
import { Inspector } from '../inspector/Inspector';
import { ExercisePanel } from '../lessons/ExercisePanel';
import { ScheduleLoader } from '../loader/ScheduleLoader';
import { ScheduleDropOverlay } from '../loader/ScheduleDropOverlay';
import { CompareChart } from '../metrics/compare/CompareChart';
import { MetricsPanel } from '../metrics/MetricsPanel';
import { Timeline } from '../metrics/timeline/Timeline';
import { NarrationPanel } from '../narration/NarrationPanel';
import { PresentButton } from '../present/PresentButton';
import { KeysHelp } from '../controls/KeysHelp';
import { ShareMenu } from '../share/ShareMenu';
import { Notices } from '../notices/Notices';
import { SimProvider } from '../StoreContext';
import { useHeaderHeight } from './useHeaderHeight';
import { useUrlSync } from './useUrlSync';

type Theme = 'auto' | 'light' | 'dark';
const NEXT_THEME: Record<Theme, Theme> = { auto: 'light', light: 'dark', dark: 'auto' };

export interface AppProps {
  store: SimStore;
  /** The page URL follows the state (the standalone app; not an embedded figure). */
  urlSync?: boolean;
}

export function App({ store, urlSync = false }: AppProps) {
  return (
    <SimProvider store={store}>
      <AppFrame store={store} urlSync={urlSync} />
    </SimProvider>
  );
}

function AppFrame({ store, urlSync }: Required<AppProps>) {
  const root = useRef<HTMLDivElement>(null);
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(root, header);
  const [theme, setTheme] = useState<Theme>('auto');
  useUrlSync(store, urlSync);
  useKeyboardControls(store, root, urlSync);
  return (
    <div ref={root} className="gs-root gs-app" data-theme={theme === 'auto' ? undefined : theme}>
      <header ref={header} className="gs-header">
        <div className="gs-brand">
          <strong>gradsync</strong>
          <span>multi-GPU gradient synchronization, step by step</span>
        </div>
        <ConfigBar />
        <div className="gs-header-actions">
          <ShareMenu />
          <ScheduleLoader />
          <PresentButton />
          <KeysHelp />
          <button
            type="button"
            className="gs-button"
            onClick={() => setTheme(NEXT_THEME[theme])}
            aria-label={`Theme: ${theme}; switch to ${NEXT_THEME[theme]}`}
            title={`Theme: ${theme}`}
          >
            {theme === 'dark' ? '☾' : theme === 'light' ? '☀' : '◐'}
          </button>
        </div>
      </header>
      <Notices />
      <main className="gs-main">
        <div className="gs-stage">
          <DevicesView />
          <Controls />
        </div>
        <aside className="gs-side">
          <FaultsPanel />
          <NarrationPanel />
          <ExercisePanel />
          <MetricsPanel />
        </aside>
      </main>
      <section className="gs-lower" aria-label="Timeline and comparison">
        <NcclBuildPanel />
        <CalibrationPanel />
        <Timeline />
        <CompareChart />
      </section>
      <p className="gs-footer">
        <a href="./present.html?race=master,ring&devices=8&elements=1048576">Race two algorithms</a> on a shared clock of model time ·{' '}
        <a href="./train.html">a training step</a>: DDP, ZeRO and a parameter server · <a href="./examples/blog.html">embedded figures</a> ·{' '}
        <a href="./?lesson=naive">lessons</a> with exercises and handouts · the <code>gradsync</code> command runs the same engines headless
      </p>
      <Inspector />
      <ScheduleDropOverlay rootRef={root} />
    </div>
  );
}
