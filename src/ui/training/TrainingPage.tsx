// train.html: gradient synchronization inside a training step. Pick a model, devices and a strategy;
// see one iteration's compute and communication on a time axis (played with Space), a parameter
// server's ports, what each device holds under every strategy, and the step in plain words. A bucket's
// bar opens it in the collective view. The address follows the settings.

import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SettingsForm } from './SettingsForm';
import { TrainingFigure } from './TrainingFigure';
import { formatTrainingUrl, reportFor, type TrainingSettings } from './trainingSettings';
import { usePlayKey } from './usePlayKey';

/** `children` follow the modelled step: the page's real training run. */
export function TrainingPage({ initial, notices, children }: { initial: TrainingSettings; notices: readonly string[]; children?: ReactNode }) {
  const [settings, setSettings] = useState(initial);
  const set = (patch: Partial<TrainingSettings>) => setSettings((s) => ({ ...s, ...patch }));
  useEffect(() => history.replaceState(null, '', `${location.pathname}${formatTrainingUrl(settings)}`), [settings]);
  const result = useMemo(() => reportFor(settings), [settings]);
  const root = useRef<HTMLDivElement>(null);
  usePlayKey(root, 'document');
  return (
    <div className="gs-root gs-train" ref={root}>
      <header className="gs-train-header">
        <h1 className="gs-train-title">
          <strong>gradsync</strong> <span>gradient sync inside a training step</span>
        </h1>
        <a className="gs-link" href="./">
          ← the collectives, step by step
        </a>
      </header>
      {notices.length > 0 && (
        <ul className="gs-train-notices" role="status">
          {notices.map((text) => (
            <li key={text}>{text}; the default is used</li>
          ))}
        </ul>
      )}
      <SettingsForm settings={settings} model={'model' in result ? result.model : null} set={set} />
      <TrainingFigure settings={settings} result={result} appBase="./" />
      {children}
    </div>
  );
}
