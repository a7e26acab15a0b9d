// The machine the α-β model runs on: custom α and B, an NCCL preset whose topology and fabrics the
// core gives (presetTopology), or a machine fitted to an nccl-tests log (set from its panel, with each
// protocol's α and B the fit gives). A preset that cannot take the devices says why here and changes nothing.

import { useId, useState } from 'react';
import { NCCL_PRESETS, presetById } from '../../../core/nccl';
import { leavePreset, presetProblem } from '../../../store/preset';
import type { Fabric } from '../../../core/model';
import { formatGBs, plainNumber } from '../../format';
import { useSim } from '../../StoreContext';

const CUSTOM = 'custom';
const FIT = 'fit';

/** The fitted machine in a line: each protocol's α and B that the fit gives. */
function fitWords(fit: Fabric): string {
  const given = (p: 'LL' | 'LL128') => fit.protocolLatencyUs?.[p] !== undefined && fit.protocolBandwidthGBs?.[p] !== undefined;
  const own = (['LL128', 'LL'] as const)
    .filter(given)
    .map((p) => `; ${p} α ${plainNumber(fit.protocolLatencyUs![p]!)} µs, B ${formatGBs(fit.protocolBandwidthGBs![p]!)}`);
  const left = (['LL128', 'LL'] as const).filter((p) => !given(p));
  const rest =
    left.length === 0
      ? ''
      : `; ${left.join(' and ')} the fastest at no size of the log, so the fastest protocol leaves ${left.length === 1 ? 'it' : 'them'} out`;
  return `One switch: Simple α ${plainNumber(fit.latencyUs)} µs per step, B ${formatGBs(fit.bandwidthGBs)}${own.join('')}${rest}.`;
}
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
  const fit = useSim((s) => s.config.fit);
  // The log the fit came from, while it is the one shown.
  const fitName = useSim((s) => (s.ncclLog?.applied ? s.ncclLog.name : null));
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
      setConfig(leavePreset({ preset, devices, fit }));
      return;
    }
    if (value === FIT) return;
    const why = presetProblem(value, devices);
    setRefused(why === null ? null : { problem: why, devices });
    if (why === null) setConfig({ preset: value, fit: null });
  }

  return (
    <div className={`gs-field gs-machine${problem ? ' gs-field-invalid' : ''}`}>
      <label htmlFor={id}>machine</label>
      <select
        id={id}
        value={preset ?? (fit ? FIT : CUSTOM)}
        aria-describedby={problem ? `${id}-message` : chosen || fit ? `${id}-about` : undefined}
        onChange={(event) => pick(event.target.value)}
      >
        <option value={CUSTOM}>custom α, B</option>
        {fit && <option value={FIT}>fitted to {fitName ?? 'an nccl-tests log'}</option>}
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
      {fit && !chosen && (
        <div className="gs-machine-about">
          <p id={`${id}-about`} data-testid="fit-machine">
            {fitWords(fit)}
          </p>
        </div>
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
