// Traffic and cost of the current schedule: bytes per device with the busiest called out, the seeds'
// formulas checked against the counts, and the α-β model with its editable inputs.

import { useSim } from '../StoreContext';
import { CostSection } from './CostSection';
import { FormulaChecks } from './FormulaChecks';
import { TrafficSection } from './TrafficSection';

export function MetricsPanel() {
  const derived = useSim((s) => s.derived);
  const error = useSim((s) => s.error);
  return (
    <section className="gs-panel gs-metrics" aria-label="Traffic and cost">
      <h2>Traffic and cost</h2>
      <div className="gs-metrics-body">
        {derived ? (
          <div className="gs-metrics-counts">
            <TrafficSection traffic={derived.cost.traffic} />
            <FormulaChecks schedule={derived.schedule} traffic={derived.cost.traffic} />
          </div>
        ) : (
          <p className="gs-metrics-error" role="status">
            {error ?? 'Nothing to measure yet.'}
          </p>
        )}
        <CostSection derived={derived} />
      </div>
    </section>
  );
}
