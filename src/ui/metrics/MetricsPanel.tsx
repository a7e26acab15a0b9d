// Traffic and cost of the current schedule: bytes per device with the busiest called out, the seeds'
// formulas checked against the counts, the α-β model with its editable inputs, and NCCL's own choice
// on the machine chosen.

import { ModellingStatus, PreparingStatus } from '../PreparingStatus';
import { useSim } from '../StoreContext';
import { CostSection } from './cost/CostSection';
import { FormulaChecks } from './traffic/FormulaChecks';
import { NcclChoice } from './nccl/NcclChoice';
import { TrafficSection } from './traffic/TrafficSection';

export function MetricsPanel() {
  const derived = useSim((s) => s.derived);
  return (
    <section className="gs-panel gs-metrics" aria-label="Traffic and cost">
      <h2>Traffic and cost</h2>
      <div className="gs-metrics-body">
        {derived?.cost ? (
          <div className="gs-metrics-counts">
            <TrafficSection traffic={derived.cost.traffic} />
            <FormulaChecks schedule={derived.schedule} traffic={derived.cost.traffic} />
          </div>
        ) : derived ? (
          <ModellingStatus className="gs-metrics-error" />
        ) : (
          <PreparingStatus className="gs-metrics-error" idle="Nothing to measure yet." />
        )}
        <CostSection derived={derived} />
        <NcclChoice />
      </div>
    </section>
  );
}
