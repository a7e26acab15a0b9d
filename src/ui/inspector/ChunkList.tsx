// The inspected device's chunks: element range, the contributions each holds (in the seeds'
// notation), colour chips of the devices they come from, and whether the chunk is complete.
// A chunk is a toggle: selecting it narrows the values table to it. Chunks are numbered from 1, as
// the notation's subscripts are: chunk 1 of GPU-0 is a₁.

import { countOf, countWithin, firstDoubled, isRangeOnce, members, type Contributions } from '../../core/symbolic';
import { deviceLabel, deviceLetter } from '../../core/notation';
import { formatCount } from '../format';
import { deviceColor } from '../palette';
import { explainChunk, type Required } from './verdict';
import type { DeviceContributions } from './useDeviceContributions';

const MAX_ROWS = 64;
const MAX_CHIPS = 10;

export interface ChunkListProps {
  devices: number;
  offsets: Int32Array;
  contributions: DeviceContributions;
  required: readonly (Required | null)[];
  atEnd: boolean;
  flagged: readonly number[];
  selected: number | null;
  onSelect(chunk: number | null): void;
}

function status(set: Contributions, range: Required | null, atEnd: boolean, devices: number): { text: string; tone: 'ok' | 'bad' | 'muted' } {
  if (!range) return { text: 'not required', tone: 'muted' };
  if (isRangeOnce(set, range.lo, range.hi)) return { text: '✓ complete', tone: 'ok' };
  if (firstDoubled(set) >= 0 || atEnd) return { text: `✗ ${explainChunk(set, range, devices)}`, tone: 'bad' };
  return { text: `${countWithin(set, range.lo, range.hi)} of ${range.hi - range.lo}`, tone: 'muted' };
}

/** One chip per contributing device; beyond MAX_CHIPS devices, one chip per run of devices, shaded across their colours. */
function Chips({ set, devices }: { set: Contributions; devices: number }) {
  const distinct = [...new Set(members(set))];
  if (distinct.length <= MAX_CHIPS) {
    return (
      <span className="gs-chips" aria-hidden="true">
        {distinct.map((d) => {
          const count = countOf(set, d);
          return (
            <span key={d} className="gs-chip" style={{ background: deviceColor(d, devices) }} title={`${deviceLabel(d)}${count > 1 ? ` ×${count}` : ''}`}>
              {deviceLetter(d, devices)}
              {count > 1 ? `×${count}` : ''}
            </span>
          );
        })}
      </span>
    );
  }
  const runs: { lo: number; hi: number; count: number }[] = [];
  for (let i = 0; i < set.length && runs.length < MAX_CHIPS; i += 3) runs.push({ lo: set[i], hi: set[i + 1], count: set[i + 2] });
  return (
    <span className="gs-chips" aria-hidden="true">
      {runs.map(({ lo, hi, count }) => {
        const shades = [0, 0.25, 0.5, 0.75, 1].map((t) => deviceColor(Math.round(lo + t * (hi - 1 - lo)), devices));
        const label = hi - lo === 1 ? deviceLetter(lo, devices) : `${deviceLetter(lo, devices)}–${deviceLetter(hi - 1, devices)}`;
        return (
          <span
            key={lo}
            className="gs-chip gs-chip-run"
            style={{ background: `linear-gradient(to right, ${shades.join(', ')})` }}
            title={`${deviceLabel(lo)} … ${deviceLabel(hi - 1)}`}
          >
            {label}
            {count > 1 ? ` ×${count}` : ''}
          </span>
        );
      })}
      {set.length / 3 > runs.length && <span className="gs-chip-more">+{formatCount(set.length / 3 - runs.length)} runs</span>}
    </span>
  );
}

export function ChunkList({ devices, offsets, contributions, required, atEnd, flagged, selected, onSelect }: ChunkListProps) {
  const chunks = offsets.length - 1;
  const rows = Array.from({ length: Math.min(chunks, MAX_ROWS) }, (_, c) => c);
  if (selected !== null && selected >= MAX_ROWS) rows.push(selected);
  return (
    <div className="gs-chunks">
      <ul className="gs-chunk-list">
        {rows.map((c) => {
          const set = contributions.sets[c];
          const state = status(set, required[c], atEnd, devices);
          const empty = offsets[c + 1] === offsets[c];
          return (
            <li key={c}>
              <button
                type="button"
                className={`gs-chunk-row${flagged.includes(c) ? ' gs-flagged' : ''}`}
                aria-pressed={selected === c}
                onClick={() => onSelect(selected === c ? null : c)}
              >
                <span className="gs-chunk-name">chunk {c + 1}</span>
                <span className="gs-chunk-range">
                  {empty ? 'empty' : offsets[c + 1] - offsets[c] === 1 ? offsets[c] : `${offsets[c]}–${offsets[c + 1] - 1}`}
                </span>
                <span className="gs-chunk-expression">{contributions.expression(c)}</span>
                <Chips set={set} devices={devices} />
                <span className={`gs-chunk-status gs-tone-${state.tone}`}>{state.text}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {chunks > MAX_ROWS && (
        <label className="gs-chunk-picker">
          {formatCount(chunks - MAX_ROWS)} more chunks; show chunk{' '}
          <input
            type="number"
            min={1}
            max={chunks}
            value={selected === null ? '' : selected + 1}
            onChange={(event) => {
              const chunk = Number(event.target.value) - 1;
              onSelect(event.target.value === '' || !Number.isInteger(chunk) ? null : Math.max(0, Math.min(chunks - 1, chunk)));
            }}
          />
        </label>
      )}
    </div>
  );
}
