// "Real gradients, really synchronized": N replicas of a small linear model train on their own data
// shards, each computing its gradient in WGSL; the chosen all-reduce averages the gradients and every
// replica takes the same SGD step. The loss curve grows as it trains, the replicas' weights show
// whether they agree, and switching sync off shows them drift apart.

import { useStore } from 'zustand';
import { algorithmIds } from '../../core/algorithms';
import { parameterCount, REGRESSION, lossRange, realRunStory, tiny } from '../../core/training';
import type { RealRunStore } from '../../store/realRun';
import { deviceColor } from '../palette';
import { LossChart } from './LossChart';
import { ReplicaWeights } from './ReplicaWeights';

const DEVICES_MAX = 16;
const STEP_CHOICES = [20, 60, 150, 400];

export function RealRun({ store }: { store: RealRunStore }) {
  const state = useStore(store);
  const { settings, status, frames, weights, single, truth } = state;
  const last = frames[frames.length - 1];
  const running = status === 'running';
  const P = parameterCount({ features: REGRESSION.features });
  const story = status === 'done' ? realRunStory({ algorithm: settings.algorithm, sync: settings.sync, guaranteed: state.guaranteed, frames }) : [];
  return (
    <section className="gs-panel gs-real" aria-label="Real gradients, really synchronized">
      <h2>Real gradients, really synchronized</h2>
      <p className="gs-real-intro">
        {settings.devices} replicas of a small linear model ({P} weights) each compute the gradient of their own {REGRESSION.samplesPerDevice} samples in a WGSL
        kernel. {settings.sync ? `A ${settings.algorithm} all-reduce averages the gradients` : 'Nothing averages the gradients'}, and each replica takes an SGD
        step with what it holds. Beside them, one device trains on all {settings.devices * REGRESSION.samplesPerDevice} samples.
      </p>
      <form className="gs-train-settings gs-real-settings" onSubmit={(event) => event.preventDefault()} aria-label="Real run settings">
        <label className="gs-train-range">
          Replicas {settings.devices}
          <input
            type="range"
            min={2}
            max={DEVICES_MAX}
            step={1}
            value={settings.devices}
            aria-valuetext={`${settings.devices} replicas`}
            onChange={(event) => state.set({ devices: Number(event.target.value) })}
          />
        </label>
        <label>
          All-reduce
          <select value={settings.algorithm} disabled={!settings.sync} onChange={(event) => state.set({ algorithm: event.target.value })}>
            {algorithmIds('allreduce').map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label>
          Steps
          <select value={settings.steps} onChange={(event) => state.set({ steps: Number(event.target.value) })}>
            {STEP_CHOICES.map((steps) => (
              <option key={steps} value={steps}>
                {steps}
              </option>
            ))}
          </select>
        </label>
        <label className="gs-train-check">
          <input type="checkbox" checked={settings.sync} onChange={(event) => state.set({ sync: event.target.checked })} />
          Sync gradients
        </label>
        <button type="button" className="gs-button gs-button--primary" onClick={() => (running ? state.stop() : void state.start())}>
          {running ? 'Stop' : frames.length > 1 ? 'Train again' : 'Train'}
        </button>
      </form>
      {state.message && (
        <p className={status === 'failed' ? 'gs-train-error' : 'gs-real-notice'} role={status === 'failed' ? 'alert' : 'status'}>
          {status === 'failed' ? '✕ ' : ''}
          {state.message}
        </p>
      )}
      <dl className="gs-real-figures">
        <div>
          <dt>step</dt>
          <dd>{last ? `${last.step} / ${settings.steps}` : '—'}</dd>
        </div>
        <div>
          <dt>loss, replicas</dt>
          <dd>{last ? lossRange(last.losses) : '—'}</dd>
        </div>
        <div>
          <dt>one device</dt>
          <dd>{last ? last.singleLoss.toFixed(4) : '—'}</dd>
        </div>
        <div>
          <dt>replicas apart</dt>
          <dd>{last ? (last.identical ? 'same bits' : tiny(last.spread)) : '—'}</dd>
        </div>
        <div>
          <dt>{settings.sync ? 'gap to one device · bound' : 'gap to one device'}</dt>
          <dd>{last ? (last.bound === null ? tiny(last.gap) : `${tiny(last.gap)} ≤ ${tiny(last.bound)}`) : '—'}</dd>
        </div>
      </dl>
      <LossChart frames={frames} steps={settings.steps} />
      <p className="gs-real-key">
        <span className="gs-real-key-replicas" style={{ borderTopColor: deviceColor(0, settings.devices) }} aria-hidden="true" /> each replica's loss on the
        whole batch <span className="gs-real-key-single" aria-hidden="true" /> one device trained on the whole batch
      </p>
      {weights && single && truth && <ReplicaWeights weights={weights} single={single} truth={truth} devices={settings.devices} />}
      <p className="gs-real-engine">
        {state.backend === 'webgpu'
          ? `WebGPU: ${state.adapter}`
          : state.backend === 'cpu'
            ? 'CPU engine'
            : 'WebGPU where this browser has it, else the CPU engine'}
        {state.learningRate > 0 ? ` · SGD at η = ${state.learningRate.toPrecision(3)}` : ''}
      </p>
      <div className="gs-real-story" aria-live="polite">
        {story.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </section>
  );
}
