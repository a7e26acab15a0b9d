// A compact figure for a page that is not the app: the devices, a player, the narration (a few lines
// of it with controls="minimal") and (with controls="full") the metrics, in the reader's theme, and at
// the foot the author's notices. The figure keeps the height its element reserves, so the narration
// shows the whole sentences its room holds and pages the rest. Keys drive it only while it has focus,
// so several figures on one page never answer the same key press.

import { useRef } from 'react';
import type { SimStore } from '../../store/simStore';
import { Controls } from '../controls/Controls';
import { useKeyboardControls } from '../controls/useKeyboardControls';
import { DevicesView } from '../devices/DevicesView';
import { MetricsPanel } from '../metrics/MetricsPanel';
import { NarrationLine } from '../narration/NarrationLine';
import { NarrationPanel } from '../narration/NarrationPanel';
import { SimProvider, useSim } from '../StoreContext';
import { EmbedNotices, hasAuthorNotice } from './EmbedNotices';
import { plural } from '../format';

/** standard: picture, player, narration; full: also metrics; minimal: picture, a small bar and a few lines of narration; none: picture and narration. */
/** The figure's control sets and themes: the element's attributes and the iframe's URL take these. */
export const EMBED_CONTROLS = ['standard', 'full', 'minimal', 'none'] as const;
type EmbedControls = (typeof EMBED_CONTROLS)[number];
export const EMBED_THEMES = ['auto', 'light', 'dark'] as const;
type EmbedTheme = (typeof EMBED_THEMES)[number];

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
  const label = useSim((s) => `gradsync: ${s.custom?.name ?? s.config.algorithm} ${s.config.collective} on ${plural(s.config.devices, 'device')}`);
  const narration = controls !== 'minimal';
  const metrics = controls === 'full';
  const noted = useSim(hasAuthorNotice);
  return (
    <div
      ref={root}
      className={noted ? 'gs-root gs-embed gs-embed--noted' : 'gs-root gs-embed'}
      data-theme={theme === 'auto' ? undefined : theme}
      role="group"
      aria-label={label}
      tabIndex={0}
    >
      <EmbedNotices />
      <DevicesView />
      {controls === 'minimal' ? <Controls variant="minimal" /> : controls !== 'none' && <Controls />}
      {controls === 'minimal' && <NarrationLine />}
      {(narration || metrics) && (
        <div className={metrics ? 'gs-embed-text gs-embed-text--metrics' : 'gs-embed-text'}>
          {narration && <NarrationPanel paged />}
          {metrics && <MetricsPanel />}
        </div>
      )}
    </div>
  );
}
