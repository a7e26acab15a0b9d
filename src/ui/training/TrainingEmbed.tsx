// The training step as a figure for someone else's page (<gradsync-train>, train.html?embed=1): the
// figure the training page shows, in a compact frame with the reader's theme, a link to the whole
// view and, at the foot, the author's notices. With controls="full" the reader gets the settings too.
// Space plays the iteration while the figure has focus, so two figures never answer one key. In a
// phone's column the figure is compact: its ports, words and memory bars wait behind disclosures, so
// what it keeps open (the figures, the lanes with their key and controls) reads on one screen.

import { useCallback, useMemo, useRef, useState } from 'react';
import { STRATEGY_NAMES } from '../../core/training';
import type { EMBED_THEMES } from '../app/EmbedFrame';
import { SettingsForm } from './SettingsForm';
import { TrainingFigure } from './TrainingFigure';
import { trainingPageLink } from './trainingLinks';
import { reportFor, type TrainingSettings } from './trainingSettings';
import { usePlayKey } from './usePlayKey';
import { plural } from '../format';
import { useElementWidth } from '../metrics/chart/useElementWidth';

/** standard: the figure; full: the settings above it. */
export const TRAIN_EMBED_CONTROLS = ['standard', 'full'] as const;
export type TrainEmbedControls = (typeof TRAIN_EMBED_CONTROLS)[number];

/** A figure narrower than this is compact: a column 48 px narrower than a screen under 560 px. */
const COMPACT_FIGURE_PX = 512;
/** Screens where <gradsync-train> keeps a compact figure's room (reserve.css), whatever its column. */
const COMPACT_SCREEN = '(max-width: 559px)';

export interface TrainingEmbedProps {
  initial: TrainingSettings;
  notices: readonly string[];
  controls: TrainEmbedControls;
  theme: (typeof EMBED_THEMES)[number];
  /** The app's address: where the bars and the foot link go. */
  appBase: string;
  /** Space acts on the whole document (a page that is only this figure, such as the iframe's). */
  documentKeys?: boolean;
}

export function TrainingEmbed({ initial, notices, controls, theme, appBase, documentKeys = false }: TrainingEmbedProps) {
  const [settings, setSettings] = useState(initial);
  const result = useMemo(() => reportFor(settings), [settings]);
  const root = useRef<HTMLDivElement>(null);
  usePlayKey(root, documentKeys ? 'document' : 'element');
  const [measure, width] = useElementWidth<HTMLDivElement>(COMPACT_FIGURE_PX);
  const compact = width < COMPACT_FIGURE_PX || (window.matchMedia?.(COMPACT_SCREEN).matches ?? false);
  const frame = useCallback(
    (element: HTMLDivElement | null) => {
      root.current = element;
      measure(element);
    },
    [measure],
  );
  const name = 'model' in result ? result.model.name : settings.model;
  const how = settings.strategy === 'ps' ? plural(settings.servers, 'server') : settings.algorithm;
  const title = `${name} on ${settings.devices.toLocaleString('en-US')} devices · ${STRATEGY_NAMES[settings.strategy]}, ${how}`;
  return (
    <div
      ref={frame}
      className={`gs-root gs-embed gs-train-embed${compact ? ' gs-train-embed--compact' : ''}`}
      data-theme={theme === 'auto' ? undefined : theme}
      role="group"
      aria-label={`gradsync: ${title}`}
      tabIndex={0}
    >
      <p className="gs-train-embed-title">{title}</p>
      {controls === 'full' && (
        <SettingsForm settings={settings} model={'model' in result ? result.model : null} set={(patch) => setSettings((s) => ({ ...s, ...patch }))} />
      )}
      <TrainingFigure settings={settings} result={result} appBase={appBase} newTab compact={compact} />
      <p className="gs-train-embed-foot">
        <a className="gs-link" href={trainingPageLink(appBase, settings)} target="_blank" rel="noopener">
          Open in the training view ↗
        </a>
      </p>
      {notices.length > 0 && (
        <ul className="gs-embed-notes" aria-label="Notices">
          {notices.map((text) => (
            <li key={text} className="gs-embed-note gs-embed-note--warning" role="status">
              <span className="gs-embed-note-icon" aria-hidden="true">
                ⚠
              </span>
              <span className="gs-embed-note-text">{text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
