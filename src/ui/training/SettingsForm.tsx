// The training view's settings: sliders for the model (the presets by size, then a custom size), the
// devices (powers of two, with a field for any count) and the bucket; menus for the strategy, the
// algorithm and the GPU; the overlap switch; fields for servers and batch.

import { algorithmIds } from '../../core/algorithms';
import { MAX_DEVICES } from '../../core/schedule';
import { MIB, gradientBytes, GPU_PRESETS, presetModel, totalParams, type TrainingModel, STRATEGIES, STRATEGY_NAMES, type Strategy } from '../../core/training';
import { formatLargeCount } from '../../core/units';
import { bucketStops, deviceStops, MODEL_STOPS } from './rangeStops';
import { SteppedRange } from './SteppedRange';
import type { TrainingSettings } from './trainingSettings';

interface WholeProps {
  value: number;
  max?: number;
  onChange(value: number): void;
}

/** A whole number from 1 (to `max`); other text is left in the box and changes nothing. */
function WholeInput({ value, max = 1e13, onChange, ...rest }: WholeProps & { 'aria-label'?: string; className?: string }) {
  return (
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
      {...rest}
    />
  );
}

function WholeField({ label, ...props }: WholeProps & { label: string; className?: string }) {
  return (
    <label>
      {label}
      <WholeInput {...props} />
    </label>
  );
}

function modelText(id: string): string {
  return id === 'custom' ? 'custom size' : `${presetModel(id).name} · ${formatLargeCount(totalParams(presetModel(id)))}`;
}

export interface SettingsFormProps {
  settings: TrainingSettings;
  /** The model the settings make, when they make one (the bucket slider stops at its gradients). */
  model: TrainingModel | null;
  set(patch: Partial<TrainingSettings>): void;
}

export function SettingsForm({ settings, model, set }: SettingsFormProps) {
  const buckets = bucketStops(model ? gradientBytes(model) / MIB : 1, settings.bucketMb);
  const devices = deviceStops(settings.devices);
  return (
    <form className="gs-train-settings gs-panel" onSubmit={(event) => event.preventDefault()} aria-label="Training settings">
      <SteppedRange name="Model" stops={MODEL_STOPS} index={MODEL_STOPS.indexOf(settings.model)} text={modelText} onChange={(id) => set({ model: id })}>
        {settings.model === 'custom' && (
          <WholeField label="Parameters" className="gs-train-params" value={settings.params} onChange={(params) => set({ params })} />
        )}
      </SteppedRange>
      <SteppedRange name="Devices" stops={devices} index={devices.indexOf(settings.devices)} text={String} onChange={(n) => set({ devices: n })}>
        <WholeInput
          aria-label="Devices, any count"
          className="gs-train-exact"
          value={settings.devices}
          max={MAX_DEVICES}
          onChange={(n) => set({ devices: n })}
        />
      </SteppedRange>
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
      {settings.strategy === 'ps' && <WholeField label="Servers" value={settings.servers} max={MAX_DEVICES} onChange={(servers) => set({ servers })} />}
      {settings.strategy !== 'zero3' && (
        <SteppedRange
          name="Bucket"
          stops={buckets}
          index={buckets.indexOf(settings.bucketMb)}
          text={(mb) => `${mb.toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`}
          onChange={(bucketMb) => set({ bucketMb })}
        />
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
  );
}
