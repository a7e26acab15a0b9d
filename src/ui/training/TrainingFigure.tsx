// What the training page and an embedded training figure both show for one configuration: the
// iteration's figures, its two lanes with and without overlap (played with a button, or Space), a
// parameter server's ports, the step in plain words, and every strategy's memory per device. A compact
// figure (a phone's column) keeps the ports, the words and the memory bars behind a disclosure each
// (the ports' says how busy each is), so the lanes, their key and their controls fit a phone's screen
// with the figures above them.

import { useCallback, type ReactNode } from 'react';
import { trainingStory, type ServerPorts } from '../../core/training';
import { formatBytes, formatMicroseconds, formatPercent } from '../../core/units';
import { IterationLanes } from './lanes/IterationLanes';
import { MemoryBars } from './MemoryBars';
import { ServerPortsView } from './ServerPortsView';
import { collectiveLink } from './trainingLinks';
import type { TrainingResult, TrainingSettings } from './trainingSettings';

export interface TrainingFigureProps {
  settings: TrainingSettings;
  /** reportFor(settings): the report, or the line that says why there is none. */
  result: TrainingResult;
  /** The app's address, for a bar's link to its collective. */
  appBase: string;
  /** Links open a new tab (a figure in someone else's page). */
  newTab?: boolean;
  /** The ports, the words and the memory bars behind a disclosure each. */
  compact?: boolean;
}

/** What a parameter server's ports come to, in a line: the summary of their disclosure. */
const portsSummary = ({ server, worker }: ServerPorts) => `Ports: servers ${formatPercent(server.commShare)} busy, workers ${formatPercent(worker.commShare)}`;

/** `children` as they are, or behind a disclosure named `summary` where the figure is compact. */
function Later({ compact, summary, children }: { compact: boolean; summary: ReactNode; children: ReactNode }) {
  if (!compact) return children;
  return (
    <details className="gs-train-more">
      <summary>{summary}</summary>
      {children}
    </details>
  );
}

export function TrainingFigure({ settings, result, appBase, newTab = false, compact = false }: TrainingFigureProps) {
  const linkOf = useCallback((kind: string, bytes: number) => collectiveLink(appBase, settings, kind, bytes), [appBase, settings]);
  if ('error' in result) {
    return (
      <p className="gs-train-error" role="alert">
        ✕ {result.error}
      </p>
    );
  }
  const { report, model } = result;
  const run = settings.overlap ? report.overlapped : report.serial;
  const figures: [string, string][] = [
    ['iteration', formatMicroseconds(run.iterationUs)],
    ['without overlap', formatMicroseconds(report.serial.iterationUs)],
    ['exposed comm', formatMicroseconds(run.exposedUs)],
    ['memory / device', formatBytes(report.memory.total)],
    ['sent / device', formatBytes(report.comm.total)],
  ];
  const story = trainingStory({
    report,
    strategy: settings.strategy,
    devices: settings.devices,
    algorithm: settings.algorithm,
    servers: settings.servers,
    overlap: settings.overlap,
  });
  return (
    <>
      <section className="gs-panel gs-train-summary" aria-label="Iteration">
        <h2>One iteration</h2>
        <dl className="gs-train-figures">
          {figures.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <IterationLanes overlapped={report.overlapped} serial={report.serial} overlap={settings.overlap} linkOf={linkOf} newTab={newTab} />
        {run.ports && (
          <Later compact={compact} summary={portsSummary(run.ports)}>
            <ServerPortsView ports={run.ports} />
          </Later>
        )}
        <Later compact={compact} summary="The iteration in words">
          <div className="gs-train-story" aria-live="polite">
            {story.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </Later>
      </section>
      <section className="gs-panel" aria-label="Memory per device">
        {!compact && (
          <h2>
            Memory per device · {model.name}, {settings.devices} devices
          </h2>
        )}
        <Later compact={compact} summary="Memory per device">
          <MemoryBars params={report.params} devices={settings.devices} chosen={settings.strategy} />
        </Later>
      </section>
    </>
  );
}
