// A compact figure for a page that is not the app: the devices, a player, the narration and (with
// controls="full") the metrics, in the reader's theme. Keys drive it only while it has focus, so
// several figures on one page never answer the same key press.

import { useRef } from 'react';
import type { SimStore } from '../../store/simStore';
import { totalSteps } from '../../store/simStore';
import { Controls } from '../controls/Controls';
import { Icon } from '../controls/icons';
import { useKeyboardControls } from '../controls/useKeyboardControls';
import { DevicesView } from '../devices/DevicesView';
import { MetricsPanel } from '../metrics/MetricsPanel';
import { NarrationPanel } from '../narration/NarrationPanel';
import { Notices } from '../notices/Notices';
import { SimProvider, useSim } from '../StoreContext';

/** standard: picture, player, narration; full: also metrics; minimal: picture and a small bar; none: picture and narration. */
export type EmbedControls = 'standard' | 'full' | 'minimal' | 'none';
export type EmbedTheme = 'auto' | 'light' | 'dark';

export interface EmbedFrameProps {
  store: SimStore;
  controls?: EmbedControls;
  theme?: EmbedTheme;
  /** Keys act on the whole document (a page that is only this figure, such as embed.html). */
  documentKeys?: boolean;
}

export function EmbedFrame({ store, controls = 'standard', theme = 'auto', documentKeys = false }: EmbedFrameProps) {
  return (
    <SimProvider store={store}>
      <Frame store={store} controls={controls} theme={theme} documentKeys={documentKeys} />
    </SimProvider>
  );
}

function Frame({ store, controls, theme, documentKeys }: Required<EmbedFrameProps>) {
  const root = useRef<HTMLDivElement>(null);
  useKeyboardControls(store, root, documentKeys);
  const label = useSim((s) => `gradsync: ${s.custom?.name ?? s.config.algorithm} ${s.config.collective} on ${s.config.devices} device${s.config.devices === 1 ? '' : 's'}`);
  const narration = controls !== 'minimal';
  const metrics = controls === 'full';
  return (
    <div ref={root} className="gs-root gs-embed" data-theme={theme === 'auto' ? undefined : theme} role="group" aria-label={label} tabIndex={0}>
      <Notices />
      <DevicesView />
      {controls === 'minimal' ? <MiniControls /> : controls !== 'none' && <Controls />}
      {(narration || metrics) && (
        <div className={metrics ? 'gs-embed-text gs-embed-text--metrics' : 'gs-embed-text'}>
          {narration && <NarrationPanel />}
          {metrics && <MetricsPanel />}
        </div>
      )}
    </div>
  );
}

/** Back, play/pause and forward with the step count: for figures with little room. */
function MiniControls() {
  const step = useSim((s) => s.step);
  const steps = useSim(totalSteps);
  const playing = useSim((s) => s.playing);
  const stepBack = useSim((s) => s.stepBack);
  const stepForward = useSim((s) => s.stepForward);
  const togglePlay = useSim((s) => s.togglePlay);
  const disabled = steps === 0;
  return (
    <div className="gs-controls gs-embed-minibar" role="group" aria-label="Playback">
      <div className="gs-controls-buttons">
        <button type="button" onClick={stepBack} disabled={disabled || step === 0} aria-label="Step back (←)" title="Step back (←)">
          <Icon name="back" />
        </button>
        <button type="button" className="gs-play" onClick={togglePlay} disabled={disabled} aria-label={playing ? 'Pause (Space)' : 'Play (Space)'} title={playing ? 'Pause (Space)' : 'Play (Space)'}>
          <Icon name={playing ? 'pause' : 'play'} />
        </button>
        <button type="button" onClick={stepForward} disabled={disabled || step === steps} aria-label="Step forward (→)" title="Step forward (→)">
          <Icon name="forward" />
        </button>
      </div>
      <output className="gs-step-count" aria-live="off">
        <strong>{step}</strong> / {steps}
      </output>
    </div>
  );
}
