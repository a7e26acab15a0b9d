// The engine menu. Where WebGPU was asked for but the CPU engine runs, the menu says so itself — its
// option reads "WebGPU (unavailable)" and the caption under it names the CPU engine and why — so the
// picker never claims an engine that is not running.

import { useId } from 'react';
import type { Backend } from '../../store/config';
import type { EngineStatus } from '../../store/engineRunner';
import { useSim } from '../StoreContext';

/** Why WebGPU is missing, short enough for the caption: the first clause of the fallback reason. */
function whyNotWebGpu(reason: string): string {
  const clause = reason.split(';')[0].trim();
  const missing = /^WebGPU is not available (.+)$/.exec(clause);
  return missing ? `no WebGPU ${missing[1]}` : `WebGPU unavailable: ${clause}`;
}

/** The caption under the menu: the engine that runs, and why it is not the one asked for. */
export function engineCaption(engine: EngineStatus | null): string {
  if (!engine || !engine.active) return 'starting…';
  if (engine.active === 'webgpu') return `WebGPU · ${engine.adapter ?? 'GPU'}`;
  // "CPU", not "CPU engine", where a reason follows: the line must fit under the menu.
  return engine.fallbackReason ? `CPU — ${whyNotWebGpu(engine.fallbackReason)}` : 'CPU engine';
}

export function EngineField() {
  const backend = useSim((s) => s.config.backend);
  const engine = useSim((s) => s.engine);
  const setConfig = useSim((s) => s.setConfig);
  const captionId = useId();
  const unavailable = engine?.fallbackReason ?? null;
  const caption = engineCaption(engine);
  return (
    <label className="gs-field">
      <span>Engine</span>
      <select value={backend} onChange={(event) => setConfig({ backend: event.target.value as Backend })} aria-label="Engine" aria-describedby={captionId}>
        <option value="webgpu">{unavailable ? 'WebGPU (unavailable)' : 'WebGPU'}</option>
        <option value="cpu">CPU</option>
      </select>
      <span id={captionId} className={unavailable ? 'gs-engine-status gs-engine-fallback' : 'gs-engine-status'} title={unavailable ?? caption}>
        {caption}
      </span>
    </label>
  );
}
