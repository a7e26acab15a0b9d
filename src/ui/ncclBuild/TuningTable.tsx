// The tuner's choices the log shows, size by size, beside what gradsync's model of NCCL's tuner
// (`gradsync tune`) picks for the same call on the preset machine that matches the log: agreeing or
// not. The preset is the core's match, with its reasons; another may be chosen.

import { useId, useMemo, useState } from 'react';
import { NCCL_PRESETS, presetById } from '../../core/nccl';
import { compareTuning, matchPreset, type DumpedTopology, type NcclLog } from '../../core/ncclLog';
import { formatBytes } from '../format';

const COLLECTIVE_WORDS: Record<string, string> = {
  allreduce: 'all-reduce',
  allgather: 'all-gather',
  'reduce-scatter': 'reduce-scatter',
  broadcast: 'broadcast',
  reduce: 'reduce',
};

/** "NVLSTree/Simple", free to break after its slash on a narrow screen. */
function breakable(choice: string) {
  const [algorithm, ...rest] = choice.split('/');
  return rest.length === 0 ? (
    choice
  ) : (
    <>
      {algorithm}/<wbr />
      {rest.join('/')}
    </>
  );
}

export function TuningTable({ log, topology }: { log: NcclLog; topology: DumpedTopology | null }) {
  const ids = useId();
  const match = useMemo(() => matchPreset(log, topology ? { kind: 'topology', topology } : null), [log, topology]);
  const [chosen, setChosen] = useState<string | null>(null);
  const presetId = chosen ?? match.id;
  const rows = useMemo(() => (presetId === null ? [] : compareTuning(log, presetId)), [log, presetId]);
  if (log.tuning.length === 0) {
    return (
      <section className="gs-build-section" aria-labelledby={`${ids}-h`}>
        <h3 id={`${ids}-h`}>The tuner’s choices</h3>
        <p className="gs-build-missing">None in the log: NCCL prints them for each call with NCCL_DEBUG_SUBSYS=TUNING.</p>
      </section>
    );
  }
  const agree = rows.filter((r) => r.agrees === true).length;
  const compared = rows.filter((r) => r.agrees !== null).length;
  return (
    <section className="gs-build-section" aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`}>The tuner’s choices, beside gradsync’s model of them</h3>
      <div className="gs-build-preset">
        <label htmlFor={`${ids}-preset`}>gradsync tune’s machine</label>
        <select id={`${ids}-preset`} value={presetId ?? ''} onChange={(event) => setChosen(event.target.value)}>
          {presetId === null && <option value="">none matches</option>}
          {NCCL_PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
        </select>
        <span className="gs-build-preset-why">
          {chosen === null || chosen === match.id
            ? `matched on ${match.because.join(', ')}${match.alike.length > 0 ? `; ${match.alike.map((id) => presetById(id).label).join(', ')} would fit as well` : ''}`
            : 'chosen here'}
        </span>
      </div>
      {compared > 0 && (
        <p className="gs-build-words">
          gradsync’s model picks as NCCL did for {agree} of {compared} {compared === 1 ? 'call' : 'calls'}.
        </p>
      )}
      <table className="gs-build-table">
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">NCCL chose</th>
            <th scope="col">gradsync tune picks</th>
            <th scope="col">
              <span className="gs-visually-hidden">Agree</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.collective}:${row.bytes}:${row.logged}`}>
              <th scope="row">
                {row.collective === null ? 'a call' : COLLECTIVE_WORDS[row.collective]} of {formatBytes(row.bytes)}
              </th>
              <td>{breakable(row.logged)}</td>
              <td>{row.predicted !== null ? breakable(row.predicted) : <span className="gs-build-missing">{row.why}</span>}</td>
              <td className={row.agrees === null ? '' : row.agrees ? 'gs-build-same' : 'gs-build-differs'}>
                {row.agrees === null ? '' : row.agrees ? '= same' : '≠ differs'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
