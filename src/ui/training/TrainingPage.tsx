// train.html: gradient synchronization inside a training step. Pick a model, devices and a strategy;
// see one iteration's compute and communication on a time axis (played with Space), what each device
// holds under every strategy, and the step in plain words. A bucket's bar opens it in the collective
// view. The address follows the settings.

import { useEffect, useMemo, useRef, useState } from 'react';
import { algorithmIds } from '../../core/algorithms';
import { LIMITS } from '../../store/config';
import { MIB, gradientBytes } from '../../core/training/ddp';
import { GPU_PRESETS } from '../../core/training/devices';
import { presetModel } from '../../core/training/models';
import { trainingStory } from '../../core/training/story';
import { STRATEGIES, STRATEGY_NAMES, type Strategy } from '../../core/training/strategies';
import { BYTES_PER_ELEMENT } from '../../core/traffic';
import { formatBytes, formatMicroseconds } from '../../core/units';
import { IterationLanes } from './IterationLanes';
import { MemoryBars } from './MemoryBars';
import { formatTrainingUrl, MODEL_CHOICES, reportFor, type TrainingSettings } from './trainingSettings';

const MODEL_NAMES: Record<string, string> = Object.fromEntries(MODEL_CHOICES.map((id) => [id, id === 'custom' ? 'custom size' : presetModel(id).name]));

/** Bucket caps the slider offers: 1, 2, 5, 10, 25, 50 … MiB up to the model's gradients. */
function bucketSteps(modelMb: number): number[] {
  const steps: number[] = [];
  for (let power = 1; steps.length === 0 || steps[steps.length - 1] < modelMb; power *= 10) {
    for (const m of power === 1 ? [1, 2, 5] : [1, 2.5, 5]) if (m * power <= modelMb || steps.length === 0) steps.push(m * power);
    if (power > 1e7) break;
  }
  return steps;
}

function nearestStep(steps: readonly number[], value: number): number {
  let best = 0;
  for (let i = 1; i < steps.length; i++) if (Math.abs(Math.log(steps[i] / value)) < Math.abs(Math.log(steps[best] / value))) best = i;
  return best;
}

/** A whole number from 1 (to `max`); other text is left in the box and changes nothing. */
function WholeField({ label, value, max = 1e13, onChange }: { label: string; value: number; max?: number; onChange(value: number): void }) {
  return (
    <label>
      {label}
      <input
        type="number"
        min={1}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          const typed = Math.floor(Number(event.target.value));
          if (typed >= 1) onChange(Math.min(max, typed));
        }}
      />
    </label>
  );
}

export function TrainingPage({ initial, notices }: { initial: TrainingSettings; notices: readonly string[] }) {
  const [settings, setSettings] = useState(initial);
  const set = (patch: Partial<TrainingSettings>) => setSettings((s) => ({ ...s, ...patch }));
  useEffect(() => history.replaceState(null, '', `${location.pathname}${formatTrainingUrl(settings)}`), [settings]);
  const result = useMemo(() => reportFor(settings), [settings]);
  const lanes = useRef<HTMLDivElement>(null);
  const bucketed = settings.strategy !== 'zero3';
  const steps = bucketSteps('model' in result ? gradientBytes(result.model) / MIB : 1);
  // A collective of a bucket opens in the app with its size (as f32 elements, within the app's limit).
  const linkOf = (kind: string, bytes: number) =>
    kind === 'allreduce' || kind === 'reduce-scatter' || kind === 'allgather'
      ? `./?collective=${kind}&algorithm=${settings.algorithm}&devices=${Math.min(settings.devices, LIMITS.devices.max)}&elements=${Math.min(LIMITS.elements.max, Math.max(1, Math.ceil(bytes / BYTES_PER_ELEMENT)))}`
      : null;
  // Space plays and pauses wherever the page has focus, but in a field, a menu, a button or a link.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== ' ' || (event.target as HTMLElement | null)?.closest?.('input, select, button, a, textarea')) return;
      event.preventDefault();
      lanes.current?.querySelector<HTMLButtonElement>('.gs-train-lanes-bar button')?.click();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div className="gs-root gs-train">
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
      <form className="gs-train-settings gs-panel" onSubmit={(event) => event.preventDefault()} aria-label="Training settings">
        <label>
          Model
          <select value={settings.model} onChange={(event) => set({ model: event.target.value })}>
            {MODEL_CHOICES.map((id) => (
              <option key={id} value={id}>
                {MODEL_NAMES[id]}
              </option>
            ))}
          </select>
        </label>
        {settings.model === 'custom' && <WholeField label="Parameters" value={settings.params} onChange={(params) => set({ params })} />}
        <WholeField label="Devices" value={settings.devices} max={4096} onChange={(devices) => set({ devices })} />
        <label>
          Strategy
          <select value={settings.strategy} onChange={(event) => set({ strategy: event.target.value as Strategy })}>
            {STRATEGIES.map((id) => (
              <option key={id} value={id}>
                {STRATEGY_NAMES[id]}
              </option>
            ))}
          </select>
        </label>
        {settings.strategy !== 'ps' && (
          <label>
            Algorithm
            <select value={settings.algorithm} onChange={(event) => set({ algorithm: event.target.value })}>
              {algorithmIds(settings.strategy === 'ddp' ? 'allreduce' : 'reduce-scatter').map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        )}
        {settings.strategy === 'ps' && <WholeField label="Servers" value={settings.servers} max={4096} onChange={(servers) => set({ servers })} />}
        {bucketed && (
          <label className="gs-train-range">
            Bucket {settings.bucketMb.toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB
            <input
              type="range"
              min={0}
              max={steps.length - 1}
              step={1}
              value={nearestStep(steps, settings.bucketMb)}
              aria-valuetext={`${settings.bucketMb} MiB`}
              onChange={(event) => set({ bucketMb: steps[Number(event.target.value)] })}
            />
          </label>
        )}
        <label className="gs-train-check">
          <input type="checkbox" checked={settings.overlap} onChange={(event) => set({ overlap: event.target.checked })} />
          Overlap with compute
        </label>
        <label>
          GPU
          <select value={settings.gpu} onChange={(event) => set({ gpu: event.target.value })}>
            {GPU_PRESETS.map((g) => (
              <option key={g.id} value={g.id}>
                {g.id}
              </option>
            ))}
          </select>
        </label>
        <WholeField label="Batch" value={settings.batch} max={1 << 20} onChange={(batch) => set({ batch })} />
      </form>
      {'error' in result ? (
        <p className="gs-train-error" role="alert">
          ✕ {result.error}
        </p>
      ) : (
        <>
          <section className="gs-panel gs-train-summary" aria-label="Iteration">
            <h2>One iteration</h2>
            <dl className="gs-train-figures">
              <div>
                <dt>iteration</dt>
                <dd>{formatMicroseconds((settings.overlap ? result.report.overlapped : result.report.serial).iterationUs)}</dd>
              </div>
              <div>
                <dt>without overlap</dt>
                <dd>{formatMicroseconds(result.report.serial.iterationUs)}</dd>
              </div>
              <div>
                <dt>exposed comm</dt>
                <dd>{formatMicroseconds((settings.overlap ? result.report.overlapped : result.report.serial).exposedUs)}</dd>
              </div>
              <div>
                <dt>memory / device</dt>
                <dd>{formatBytes(result.report.memory.total)}</dd>
              </div>
              <div>
                <dt>sent / device</dt>
                <dd>{formatBytes(result.report.comm.total)}</dd>
              </div>
            </dl>
            <div ref={lanes}>
              <IterationLanes iteration={settings.overlap ? result.report.overlapped : result.report.serial} linkOf={linkOf} />
            </div>
            <div className="gs-train-story" aria-live="polite">
              {trainingStory({
                report: result.report,
                strategy: settings.strategy,
                devices: settings.devices,
                algorithm: settings.algorithm,
                servers: settings.servers,
                overlap: settings.overlap,
              }).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          </section>
          <section className="gs-panel" aria-label="Memory per device">
            <h2>
              Memory per device · {result.model.name}, {settings.devices} devices
            </h2>
            <MemoryBars params={result.report.params} devices={settings.devices} chosen={settings.strategy} />
          </section>
        </>
      )}
    </div>
  );
}
