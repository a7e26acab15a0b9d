// The configuration a person picks: the algorithm (grouped by collective), devices, elements, op and
// engine.
// Numbers apply on Enter or when the field is left; a bad one is said next to the field.

import { useId, useState, type KeyboardEvent } from 'react';
import { ALGORITHMS } from '../../core/algorithms';
import { REDUCE_OPS, type ReduceOp } from '../../core/ops';
import { COLLECTIVES, type Collective } from '../../core/schedule';
import { LIMITS, type Backend } from '../../store/config';
import { useSim } from '../StoreContext';

function NumberField({ label, value, min, max, onApply }: { label: string; value: number; min: number; max: number; onApply: (value: number) => void }) {
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = () => {
    if (text === null) return;
    const parsed = Number(text);
    if (text.trim() === '' || !Number.isInteger(parsed) || parsed < min || parsed > max) {
      setProblem(`${label}: a whole number from ${min} to ${max.toLocaleString('en-US')}`);
      return;
    }
    setProblem(null);
    setText(null);
    if (parsed !== value) onApply(parsed);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply();
    if (event.key === 'Escape') {
      setText(null);
      setProblem(null);
    }
  };
  return (
    <label className="gs-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text ?? String(value)}
        aria-invalid={problem !== null}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={onKey}
      />
      {problem && (
        <span className="gs-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}

export function ConfigBar() {
  const config = useSim((s) => s.config);
  const custom = useSim((s) => s.custom);
  const engine = useSim((s) => s.engine);
  const setConfig = useSim((s) => s.setConfig);
  const statusId = useId();
  const engineText = engine?.active === 'webgpu' ? `WebGPU · ${engine.adapter ?? ''}` : engine ? 'CPU engine' : 'starting…';
  return (
    <div className="gs-config" role="group" aria-label="Configuration">
      <label className="gs-field gs-field-wide">
        <span>Algorithm</span>
        <select
          value={custom ? '' : `${config.collective}/${config.algorithm}`}
          onChange={(event) => {
            const [collective, algorithm] = event.target.value.split('/') as [Collective, string];
            setConfig({ collective, algorithm });
          }}
        >
          {custom && <option value="">{custom.name}</option>}
          {COLLECTIVES.map((collective) => (
            <optgroup key={collective} label={collective}>
              {ALGORITHMS[collective].map((spec) => (
                <option key={spec.id} value={`${collective}/${spec.id}`} title={spec.summary}>
                  {collective === 'allreduce' ? spec.id : `${spec.id} ${collective}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <NumberField label="Devices" value={config.devices} min={LIMITS.devices.min} max={LIMITS.devices.max} onApply={(devices) => setConfig({ devices })} />
      <NumberField label="Elements" value={config.elements} min={LIMITS.elements.min} max={LIMITS.elements.max} onApply={(elements) => setConfig({ elements })} />
      <label className="gs-field">
        <span>Op</span>
        <select value={config.op} onChange={(event) => setConfig({ op: event.target.value as ReduceOp })}>
          {REDUCE_OPS.map((op) => (
            <option key={op} value={op}>
              {op}
            </option>
          ))}
        </select>
      </label>
      <label className="gs-field">
        <span>Engine</span>
        <select value={config.backend} onChange={(event) => setConfig({ backend: event.target.value as Backend })} aria-describedby={statusId}>
          <option value="webgpu">WebGPU</option>
          <option value="cpu">CPU</option>
        </select>
        <span id={statusId} className="gs-engine-status" title={engine?.fallbackReason ?? engineText}>
          {engineText}
        </span>
      </label>
    </div>
  );
}
