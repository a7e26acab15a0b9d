// An nccl-tests log against the model, once one is loaded (the loader tells a log from a schedule):
// what the log is, its rows' bus bandwidth over the fitted model's curves with the residuals, the
// fitted parameters and errors, and the button that makes the fit the app's model. Closed with ×.

import { useEffect, useMemo, useRef, useState } from 'react';
import type { NcclTestsLog, Calibration } from '../../core/ncclTests';
import type { LoadedLog } from '../../store/calibrationSlice';
import { useElementWidth } from '../metrics/chart/useElementWidth';
import { useSim } from '../StoreContext';
import { CalibrationChart } from './CalibrationChart';
import { CalibrationLegend } from './CalibrationLegend';
import { CalibrationRows } from './CalibrationRows';
import { calibrationView, type CalibrationView } from './calibrationView';
import { DevicesPerNodeField } from './DevicesPerNodeField';
import { FitParameters } from './FitParameters';
import { FitToModel } from './FitToModel';
import { describeRow } from './rowWords';
import { focusLoader } from '../loader/focusLoader';

/** "all_reduce_perf · 16 × NVIDIA H100 80GB HBM3 · 2 nodes of 8". */
function facts(log: NcclTestsLog, calibration: Calibration | null): string {
  const test = `${log.collective}_perf${log.collectiveFrom === 'columns' ? " (named by the table's columns)" : ''}`;
  const gpus = log.gpuNames.length > 0 ? ` × ${log.gpuNames.join(', ')}` : '';
  const devices = log.devices === null ? `devices not in the log${gpus}` : `${log.devices}${gpus}`;
  if (!calibration) return `${test} · ${devices}`;
  const { nodes, shape } = calibration;
  return `${test} · ${devices} · ${nodes > 1 ? `${nodes} nodes of ${shape.devicesPerNode}` : 'one node'}`;
}

export function CalibrationPanel() {
  const loaded = useSim((s) => s.ncclLog);
  return loaded ? <LoadedLogPanel loaded={loaded} /> : null;
}

function LoadedLogPanel({ loaded }: { loaded: LoadedLog }) {
  const clear = useSim((s) => s.clearNcclLog);
  const heading = useRef<HTMLHeadingElement>(null);
  const { log, calibration } = loaded;

  // A log just loaded is where the user looks next: its heading takes the focus, on screen.
  useEffect(() => {
    const element = heading.current;
    element?.focus({ preventScroll: true });
    element?.scrollIntoView?.({ block: 'start' });
  }, [log]);

  return (
    <section className="gs-panel gs-calibration" aria-label="nccl-tests log against the model">
      <header className="gs-calibration-head">
        <h2 ref={heading} tabIndex={-1}>
          Measured and modelled: <span className="gs-calibration-name">{loaded.name}</span>
        </h2>
        <button
          type="button"
          className="gs-icon-button"
          aria-label="Close the nccl-tests comparison"
          onClick={() => {
            clear();
            focusLoader();
          }}
        >
          ×
        </button>
      </header>
      <p className="gs-calibration-facts" data-testid="calibration-facts">
        {facts(log, calibration)}
      </p>
      {log.devicesPerNode === null && <DevicesPerNodeField loaded={loaded} />}
      {loaded.problem && (
        <p className="gs-loader-error" role="alert">
          <span aria-hidden="true">✕ </span>
          {loaded.problem}
        </p>
      )}
      {calibration && <Comparison log={log} calibration={calibration} applied={loaded.applied} />}
    </section>
  );
}

function Comparison({ log, calibration, applied }: { log: NcclTestsLog; calibration: Calibration; applied: LoadedLog['applied'] }) {
  const view = useMemo(() => calibrationView(log, calibration), [log, calibration]);
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const [pick, setPick] = useState<{ view: CalibrationView; point: number } | null>(null);
  // The largest size until a row is picked: where the fit matters most.
  const selected = pick?.view === view ? pick.point : view.points.length - 1;
  const { fit } = calibration;
  const inPlace = view.points.some((p) => p.inPlaceBusbwGBs !== null);
  const label =
    `${view.points.length} rows of busbw against message size, measured and modelled, with the error of each; ` +
    'arrow keys move between rows, and the line under the chart reads the row out';

  return (
    <>
      <div ref={ref} className="gs-calibration-figure">
        <CalibrationChart view={view} width={width} selected={selected} onSelect={(point) => setPick({ view, point })} label={label} />
      </div>
      <p className="gs-calibration-readout" aria-live="polite" data-testid="calibration-readout">
        {describeRow(view.points[selected])}
      </p>
      <CalibrationLegend protocols={view.protocols} inPlace={inPlace} />
      <p className="gs-calibration-error" data-testid="calibration-error">
        median |error| {fit.medianAbsErrorPct.toFixed(1)} %, max {fit.maxAbsErrorPct.toFixed(1)} % over {fit.fittedRows} rows (out-of-place times)
      </p>
      <div className="gs-calibration-columns">
        <FitParameters calibration={calibration} />
        <FitToModel calibration={calibration} applied={applied} />
      </div>
      <CalibrationRows points={view.points} />
    </>
  );
}
