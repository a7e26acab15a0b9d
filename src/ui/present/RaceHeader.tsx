// What races: the two algorithms, the devices and the size of every GPU's buffer. A pick, or Escape,
// gives the keyboard back to the race, so that ← → and Space step and play again instead of moving
// through the menu.

import { algorithmIdsFor, type SimConfig } from '../../store/config';
import { BYTES_PER_ELEMENT } from '../../core/model';
import { formatBytes } from '../format';
import type { KeyboardEvent } from 'react';

export interface RaceHeaderProps {
  algorithms: [string, string];
  config: SimConfig;
  appHref: string;
  onChange(algorithms: [string, string], patch: Partial<SimConfig>): void;
  /** Gives the keyboard back to the race. */
  onDone(): void;
}

const DEVICES = [2, 4, 8, 16, 32];
const ELEMENTS = [256, 4096, 65536, 1 << 18, 1 << 20, 1 << 22];

function withCurrent(options: number[], current: number): number[] {
  return options.includes(current) ? options : [...options, current].sort((a, b) => a - b);
}

export function RaceHeader({ algorithms, config, appHref, onChange, onDone }: RaceHeaderProps) {
  const ids = algorithmIdsFor(config.collective);
  const pick = (side: 0 | 1, id: string) => {
    onChange(side === 0 ? [id, algorithms[1]] : [algorithms[0], id], {});
    onDone();
  };
  const change = (patch: Partial<SimConfig>) => {
    onChange(algorithms, patch);
    onDone();
  };
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDone();
  };
  return (
    <header className="gs-race-header">
      <h1 className="gs-race-title">
        <span>Race</span>
        {([0, 1] as const).map((side) => (
          <span key={side} className="gs-race-pick">
            {side === 1 && <span className="gs-race-vs"> vs </span>}
            <label>
              <span className="gs-visually-hidden">{side === 0 ? 'Left algorithm' : 'Right algorithm'}</span>
              <select value={algorithms[side]} onChange={(event) => pick(side, event.target.value)} onKeyDown={escape}>
                {ids.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
            </label>
          </span>
        ))}
      </h1>
      <div className="gs-race-pickers">
        <label>
          <span>GPUs</span>
          <select value={config.devices} onChange={(event) => change({ devices: Number(event.target.value) })} onKeyDown={escape}>
            {withCurrent(DEVICES, config.devices).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Per GPU</span>
          <select value={config.elements} onChange={(event) => change({ elements: Number(event.target.value) })} onKeyDown={escape}>
            {withCurrent(ELEMENTS, config.elements).map((n) => (
              <option key={n} value={n}>
                {formatBytes(n * BYTES_PER_ELEMENT)}
              </option>
            ))}
          </select>
        </label>
        <a className="gs-race-back" href={appHref}>
          Open in the app
        </a>
      </div>
    </header>
  );
}
