// Under the model's timeline: "Load measured run…" (the torch program's --trace of this schedule, or
// an nccl-tests log for its comparison with the model), and once a run is loaded, what ran, its
// strip, and its total beside the model's in one line.

import { useEffect, useId, useRef } from 'react';
import type { MeasuredRun } from '../../../core/formats';
import { LIMITS } from '../../../store/config';
import { formatCount, formatMicroseconds } from '../../format';
import { ProblemLine } from '../../loader/ProblemLine';
import { useSim } from '../../StoreContext';
import { MeasuredStrip } from './MeasuredStrip';
import type { MeasuredFile } from './useMeasuredFile';

export interface MeasuredPanelProps {
  width: number;
  /** The model's steps: step s spans [startUs[s], startUs[s + 1]) µs. */
  modelStartUs: Float64Array;
  file: MeasuredFile;
}

/** A measured trace's JSON, and the text an nccl-tests log is saved as (the loader's picker offers these too). */
const FILE_TYPES = '.json,.txt,.log,.out,application/json,text/plain';

/** "Measured — torch.distributed (gloo), 4,096 elements, sum", each part where the trace says it. */
function caption(run: MeasuredRun): string {
  const backend = run.backend ? ` (${run.backend})` : '';
  const elements = run.elements !== null ? `, ${formatCount(run.elements)} elements` : '';
  return `Measured — torch.distributed${backend}${elements}${run.op ? `, ${run.op}` : ''}`;
}

/** How many times the model's time the run took: "190×", "2.5×". */
function times(measuredUs: number, modelUs: number): string {
  const ratio = measuredUs / modelUs;
  return ratio >= 9.95 ? `${formatCount(Math.round(ratio))}×` : `${ratio.toFixed(1)}×`;
}

export function MeasuredPanel({ width, modelStartUs, file }: MeasuredPanelProps) {
  const measured = useSim((s) => s.measured);
  const step = useSim((s) => s.step);
  const seek = useSim((s) => s.seek);
  const elements = useSim((s) => s.config.elements);
  const setConfig = useSim((s) => s.setConfig);
  const clearMeasured = useSim((s) => s.clearMeasured);
  const input = useRef<HTMLInputElement>(null);
  const loadButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const problemId = useId();

  // The control used goes away with a load or a removal: focus moves to what took its place (not
  // when the schedule changes under the run, nor when the page opens).
  const removing = useRef(false);
  const shown = useRef(measured);
  useEffect(() => {
    if (shown.current === measured) return;
    shown.current = measured;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (measured && lost) removeButton.current?.focus({ preventScroll: true });
    if (!measured && removing.current) loadButton.current?.focus({ preventScroll: true });
    removing.current = false;
  }, [measured]);
  const remove = () => {
    removing.current = true;
    clearMeasured();
  };

  const problem = file.problem && <ProblemLine id={problemId} message={file.problem} />;
  if (!measured) {
    return (
      <div className="gs-measured">
        <div className="gs-measured-load">
          <button
            ref={loadButton}
            type="button"
            className="gs-button"
            aria-describedby={file.problem ? problemId : undefined}
            onClick={() => input.current?.click()}
          >
            Load measured run…
          </button>
          <input
            ref={input}
            type="file"
            accept={FILE_TYPES}
            hidden
            aria-label="Measured run (JSON) or nccl-tests log"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void file.loadFile(chosen);
            }}
          />
          <span className="gs-measured-hint">
            {file.dragging ? (
              'Drop it to show it under the model'
            ) : (
              <>
                this schedule run on torch.distributed: the trace JSON its torch program writes (Share › Download torch program, run with its trace option); or
                drop it here; an nccl-tests log goes to its comparison with the model
              </>
            )}
          </span>
        </div>
        {problem}
      </div>
    );
  }

  const { run, name } = measured;
  const steps = run.steps.length;
  const modelUs = modelStartUs[modelStartUs.length - 1];
  const status =
    step > 0 && step <= steps
      ? `step ${step}: ${formatMicroseconds(run.steps[step - 1].spanUs)} (model ${formatMicroseconds(modelStartUs[step] - modelStartUs[step - 1])})`
      : `${steps} steps, ${formatMicroseconds(run.totalUs)}`;
  const otherSize = run.elements !== null && run.elements !== elements;
  return (
    <div className="gs-measured">
      <div className="gs-timeline-head">
        <h3>{caption(run)}</h3>
        <span className="gs-timeline-status">{status}</span>
      </div>
      <MeasuredStrip run={run} width={width} step={step} onSeek={seek} />
      <p className="gs-measured-totals">
        <span>
          Model {formatMicroseconds(modelUs)} · measured <strong>{formatMicroseconds(run.totalUs)}</strong>
          {modelUs > 0 && ` (${times(run.totalUs, modelUs)} the model)`}
        </span>
        {otherSize && (
          <span>
            the run moved {formatCount(run.elements!)} elements, the model {formatCount(elements)}
            {run.elements! <= LIMITS.elements.max && (
              <>
                {' '}
                <button type="button" className="gs-link" onClick={() => setConfig({ elements: run.elements! })}>
                  set the model to {formatCount(run.elements!)}
                </button>
              </>
            )}
          </span>
        )}
        <span className="gs-measured-file" title={name}>
          {name}{' '}
          <button ref={removeButton} type="button" className="gs-link" onClick={remove} aria-label={`Remove the measured run ${name}`}>
            Remove
          </button>
        </span>
      </p>
      {problem}
    </div>
  );
}
