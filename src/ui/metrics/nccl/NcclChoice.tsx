// NCCL's choice on the machine chosen: which (algorithm, protocol) NCCL's own tuner model picks for
// each message size and every candidate's predicted time (core/nccl), the crossovers, the sentence
// for the app's size, and where gradsync's model departs from NCCL's.

import { useId, useMemo, useState } from 'react';
import { MODEL_DEPARTURES, pairName, presetById } from '../../../core/nccl';
import { BYTES_PER_ELEMENT } from '../../../core/model';
import { LIMITS } from '../../../store/config';
import { formatBytes, formatCount, formatMicroseconds, plural } from '../../format';
import { useSim } from '../../StoreContext';
import { formatTickBytes } from '../chart/chartTicks';
import { CompareTable } from '../compare/CompareTable';
import { NcclChoiceChart } from './NcclChoiceChart';
import { choiceAt, ncclSweep, SWEEP_MAX_BYTES, SWEEP_MIN_BYTES } from './ncclChoiceData';
import { ncclClass } from './ncclStyle';
import { useElementWidth } from '../chart/useElementWidth';

const COLLECTIVE_WORDS = { allreduce: 'all-reduce', 'reduce-scatter': 'reduce-scatter', allgather: 'all-gather', broadcast: 'broadcast', reduce: 'reduce' };
const LARGEST_BYTES = LIMITS.elements.max * BYTES_PER_ELEMENT;
/** Rows of the table for screen readers: every fourth octave. */
const TABLE_SIZES = Array.from({ length: 16 }, (_, k) => SWEEP_MIN_BYTES * 4 ** k).filter((bytes) => bytes <= SWEEP_MAX_BYTES);

export function NcclChoice() {
  const preset = useSim((s) => s.config.preset);
  const devices = useSim((s) => s.config.devices);
  const collective = useSim((s) => s.config.collective);
  const elements = useSim((s) => s.config.elements);
  const setConfig = useSim((s) => s.setConfig);
  const [emphasized, setEmphasized] = useState<string | null>(null);
  const [ref, width] = useElementWidth<HTMLDivElement>(380);
  const head = useId();
  const sweep = useMemo(() => (preset === null ? null : ncclSweep(preset, devices, collective)), [preset, devices, collective]);
  const bytes = elements * BYTES_PER_ELEMENT;
  const at = useMemo(() => (sweep === null || typeof sweep === 'string' ? null : choiceAt(sweep, bytes)), [sweep, bytes]);

  if (preset === null || sweep === null) {
    return (
      <section className="gs-nccl" aria-labelledby={head}>
        <h3 id={head}>NCCL's choice</h3>
        <p className="gs-nccl-note">Choose a machine above to see which algorithm and protocol NCCL's own model would run there, size by size.</p>
      </section>
    );
  }
  const machine = presetById(preset);
  const what = COLLECTIVE_WORDS[collective];
  const nodes = typeof sweep === 'string' ? 0 : sweep.tuner.system.nodes;
  return (
    <section className="gs-nccl" aria-labelledby={head}>
      <h3 id={head}>NCCL's choice</h3>
      {typeof sweep === 'string' || at === null ? (
        <p className="gs-metrics-error">{sweep as string}</p>
      ) : (
        <>
          <p className="gs-nccl-note">
            NCCL's tuner model of {what} on {machine.label}, {formatCount(devices)} GPUs ({plural(nodes, 'node')}): each pair's predicted time; the band names
            the pick.
          </p>
          <ul className="gs-compare-legend gs-nccl-legend" aria-label="NCCL's algorithm and protocol pairs (emphasize one)">
            {sweep.series.map((s, i) => {
              const picked = s.algorithm === pairName(at.choice.pick);
              const time = at.choice.candidates.filter((c) => !c.disabled)[i].timeUs!;
              return (
                <li key={s.algorithm}>
                  <button
                    type="button"
                    className={`${ncclClass(s.ncclAlgorithm, s.protocol)}${picked ? ' gs-nccl-picked' : ''}`}
                    aria-pressed={emphasized === s.algorithm}
                    onClick={() => setEmphasized(emphasized === s.algorithm ? null : s.algorithm)}
                  >
                    <svg width="22" height="10" aria-hidden="true">
                      <line className="gs-compare-line" x1="1" x2="21" y1="5" y2="5" />
                    </svg>
                    {s.algorithm} <span className="gs-nccl-time">{formatMicroseconds(time)}</span>
                    {picked && <span className="gs-nccl-pick-tag"> pick</span>}
                  </button>
                </li>
              );
            })}
          </ul>
          <div ref={ref} className="gs-nccl-figure">
            <NcclChoiceChart
              sweep={sweep}
              choice={at.choice}
              width={width}
              emphasized={emphasized}
              ariaLabel={`NCCL's predicted time of ${sweep.series.length} algorithm and protocol pairs against message size, ${formatBytes(SWEEP_MIN_BYTES)} to ${formatBytes(SWEEP_MAX_BYTES)}, log scales. The pick: ${sweep.ranges.map((r) => `${r.pair} from ${formatBytes(r.from)}`).join(', ')}. At ${formatBytes(bytes)}: ${pairName(at.choice.pick)}.`}
            />
            <CompareTable
              caption={`NCCL's predicted time against message size on ${machine.label}`}
              xHeader="bytes"
              xs={TABLE_SIZES}
              series={sweep.series}
              formatX={formatTickBytes}
            />
          </div>
          <p className="gs-nccl-sentence" data-testid="nccl-sentence" aria-live="polite">
            {at.sentence}
          </p>
          {sweep.crossovers.length === 0 ? (
            <p className="gs-nccl-note">
              The pick stays {sweep.ranges[0].pair} from {formatBytes(SWEEP_MIN_BYTES)} to {formatBytes(SWEEP_MAX_BYTES)}.
            </p>
          ) : (
            <ul className="gs-nccl-crossovers" aria-label="Where the pick changes">
              {sweep.crossovers.map((c) => (
                <li key={c.bytes}>
                  from <strong>{formatBytes(c.bytes)}</strong> ({formatCount(c.bytes)} B): {c.to}, after {c.from}{' '}
                  {c.bytes <= LARGEST_BYTES && (
                    <button
                      type="button"
                      className="gs-link"
                      aria-label={`Model ${formatBytes(c.bytes)}: ${formatCount(Math.ceil(c.bytes / BYTES_PER_ELEMENT))} elements`}
                      onClick={() => setConfig({ elements: Math.ceil(c.bytes / BYTES_PER_ELEMENT) })}
                    >
                      use this size
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {sweep.notRun.length > 0 && (
            <details className="gs-nccl-not-run">
              <summary>Not run here ({sweep.notRun.length})</summary>
              <ul>
                {sweep.notRun.map((n) => (
                  <li key={n.pair}>
                    {n.pair}: {n.why}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <p className="gs-nccl-departs">{MODEL_DEPARTURES}</p>
    </section>
  );
}
