// "Use this fit in the model": what it sets, said before and after, and whether the model still is
// the fit (an edit of α, B, the devices or the topology since makes it the user's own again).

import { plainNumber } from '../format';
import { useId, useMemo } from 'react';
import type { Calibration, FitModel } from '../../core/ncclTests';
import { COLLECTIVE_NAMES } from '../../core/schedule';
import { fitModel, isFitModel } from '../../store/calibrationSlice';
import { useSim } from '../StoreContext';

/** "8 devices on one switch, α 9.00 µs per step and B 473 GB/s per port: the ring all-reduce's 14 steps take …". */
function modelWords(model: FitModel): string {
  const { devices, nodes, devicesPerNode, ringSteps, simple } = model;
  const where = nodes > 1 ? `${devices} devices, the log's ${nodes} nodes of ${devicesPerNode} as one switch` : `${devices} devices on one switch`;
  const bytes = simple.fabricBytesPerByte === 1 ? 'S' : `${plainNumber(simple.fabricBytesPerByte)}·S`;
  const line = `${plainNumber(simple.alphaUs)} µs + ${bytes} / ${plainNumber(simple.betaGBs)} GB/s`;
  return (
    `${where}, α ${plainNumber(model.latencyUs)} µs per step and B ${plainNumber(model.bandwidthGBs)} GB/s per port: ` +
    `the ring ${COLLECTIVE_NAMES[model.collective]}'s ${ringSteps} steps take the fit's Simple line, ${line}${protocolWords(model)}`
  );
}

/** "; under LL128 and LL, those lines, as the machine menu's fitted entry" — the protocols the fit gives its own. */
function protocolWords(model: FitModel): string {
  const own = (['LL128', 'LL'] as const).filter((p) => model.fabric.protocolLatencyUs?.[p] !== undefined);
  return own.length === 0 ? '' : `, and under ${own.join(' and ')} ${own.length === 1 ? 'that line' : 'those lines'}`;
}

export function FitToModel({ calibration, applied }: { calibration: Calibration; applied: FitModel | null }) {
  const config = useSim((s) => s.config);
  const applyLogFit = useSim((s) => s.applyLogFit);
  const derived = useMemo(() => fitModel(calibration), [calibration]);
  const why = useId();
  if (!derived.ok) {
    return (
      <div className="gs-calibration-use">
        <button type="button" className="gs-button" disabled aria-describedby={why}>
          Use this fit in the model
        </button>
        <p id={why} className="gs-calibration-note">
          Not available: {derived.reason}.
        </p>
      </div>
    );
  }
  const current = applied !== null && isFitModel(config, applied);
  const words = modelWords(derived.model);
  return (
    <div className="gs-calibration-use">
      {/* aria-disabled, not disabled: the button keeps the focus it was pressed with. */}
      <button type="button" className="gs-button gs-primary" onClick={current ? undefined : applyLogFit} aria-disabled={current}>
        Use this fit in the model
      </button>
      <p className="gs-calibration-applied" role="status" data-testid="calibration-applied">
        {current
          ? `Set: ${words}. The machine menu holds it as fitted to this log.`
          : applied
            ? `Set earlier, changed since. Sets ${words}.`
            : `Sets ${words}.`}
      </p>
    </div>
  );
}
