// The α-β model's verdict (time, algbw, busbw as nccl-tests defines them), its inputs and its topology.

import type { Collective } from '../../../core/schedule';
import type { Derived } from '../../../store/derive';
import { formatBytes, formatGBs, formatMicroseconds, plural } from '../../format';
import { ModellingStatus } from '../../PreparingStatus';
import { useSim } from '../../StoreContext';
import { ModelInputs } from './ModelInputs';
import { defaultTopologyKind, isPlainTransport } from '../../../core/model';
import { topologyWords } from './topologyWords';
import { transportSentence } from './transportWords';

const BUS_FACTOR: Record<Collective, string> = {
  allreduce: '2(G−1)/G',
  'reduce-scatter': '(G−1)/G',
  allgather: '(G−1)/G',
  broadcast: '1',
  reduce: '1',
};

export function CostSection({ derived }: { derived: Derived | null }) {
  const devicesPerNode = useSim((s) => s.config.devicesPerNode);
  const topology = useSim((s) => s.config.topology);
  const schedule = derived?.schedule;
  return (
    <div className="gs-metrics-cost">
      <div className="gs-metrics-subhead">
        <h3>α-β model</h3>
      </div>
      {derived && schedule && !derived.cost && <ModellingStatus className="gs-metrics-error" />}
      {derived && schedule && derived.cost && derived.metrics && (
        <>
          <dl className="gs-cost-figures">
            <div>
              <dt>model time</dt>
              <dd data-testid="model-time">{formatMicroseconds(derived.cost.totalUs)}</dd>
              <dd className="gs-cost-how">
                {plural(schedule.steps.length, 'step')}, each α + busiest port / B
                {isPlainTransport(derived.topology.transport) ? '' : ` (${derived.cost.protocol})`}
              </dd>
            </div>
            <div>
              <dt>algbw</dt>
              <dd>{formatGBs(derived.metrics.algbwGBs)}</dd>
              <dd className="gs-cost-how">S / t, S = {formatBytes(derived.metrics.sizeBytes)}</dd>
            </div>
            <div>
              <dt>busbw</dt>
              <dd>{formatGBs(derived.metrics.busbwGBs)}</dd>
              <dd className="gs-cost-how">algbw × {BUS_FACTOR[schedule.collective]}</dd>
            </div>
          </dl>
          <p className="gs-topology">
            {topologyWords(derived.topology, schedule.devices, devicesPerNode, (topology ?? defaultTopologyKind(schedule)) === 'nodes')}
          </p>
          {!isPlainTransport(derived.topology.transport) && (
            <p className="gs-topology" data-testid="transport-words">
              {transportSentence(derived.topology, derived.cost)}
            </p>
          )}
        </>
      )}
      <ModelInputs />
    </div>
  );
}
