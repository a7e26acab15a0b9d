// The machine the α-β model runs on: custom α and B, or an NCCL preset whose topology and fabrics the
// core gives (presetTopology). A preset that cannot take the devices says why here and changes nothing.

import { useId, useState } from 'react';
import { NCCL_PRESETS, presetById } from '../../core/nccl/presets';
import { leavePreset, presetProblem } from '../../store/preset';
import { useSim } from '../StoreContext';

const CUSTOM = 'custom';
const URL_PATTERN = /(https?:\/\/[^\s)]+)/;

/** A source as text, its address (if any) a link. */
function Source({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noreferrer">
            {part.replace(/^https?:\/\//, '')}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function MachineField() {
  const preset = useSim((s) => s.config.preset);
  const devices = useSim((s) => s.config.devices);
  const setConfig = useSim((s) => s.setConfig);
  // Why the last pick was refused, while the devices it was refused for stay.
  const [refused, setRefused] = useState<{ problem: string; devices: number } | null>(null);
  const problem = refused?.devices === devices ? refused.problem : null;
  const id = useId();
  const chosen = preset === null ? null : presetById(preset);

  function pick(value: string) {
    if (value === CUSTOM) {
      setRefused(null);
      setConfig(leavePreset({ preset, devices }));
      return;
    }
    const why = presetProblem(value, devices);
    setRefused(why === null ? null : { problem: why, devices });
    if (why === null) setConfig({ preset: value });
  }

  return (
    <div className={`gs-field gs-machine${problem ? ' gs-field-invalid' : ''}`}>
      <label htmlFor={id}>machine</label>
      <select
        id={id}
        value={preset ?? CUSTOM}
        aria-describedby={problem ? `${id}-message` : chosen ? `${id}-about` : undefined}
        onChange={(event) => pick(event.target.value)}
      >
        <option value={CUSTOM}>custom α, B</option>
        {NCCL_PRESETS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      {problem && (
        <span id={`${id}-message`} className="gs-field-message" role="alert">
          {problem}
        </span>
      )}
      {chosen && (
        <div className="gs-machine-about">
          <p id={`${id}-about`}>{chosen.name}.</p>
          <details>
            <summary>Sources</summary>
            <ul>
              {chosen.sources.map((source) => (
                <li key={source}>
                  <Source text={source} />
                </li>
              ))}
              {chosen.references.map((reference) => (
                <li key={reference.source}>
                  Published all-reduce busbw, {reference.algorithm}: {reference.busbwGBs[0]}–{reference.busbwGBs[1]} GB/s (
                  <Source text={reference.source} />)
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </div>
  );
}
