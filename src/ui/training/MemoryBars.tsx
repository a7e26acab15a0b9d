// Memory per device under every strategy for the model and devices chosen: parameters, gradients and
// optimizer state stacked, the chosen strategy marked. A parameter server's workers hold no optimizer.

import { STRATEGIES, STRATEGY_NAMES, memoryPerDevice, type Strategy } from '../../core/training';
import { formatBytes } from '../../core/units';

const PARTS = ['params', 'grads', 'optimizer'] as const;
const PART_NAMES = { params: 'parameters', grads: 'gradients', optimizer: 'optimizer state' } as const;

export function MemoryBars({ params, devices, chosen }: { params: number; devices: number; chosen: Strategy }) {
  const rows = STRATEGIES.map((strategy) => ({ strategy, memory: memoryPerDevice(strategy, params, devices) }));
  const most = Math.max(...rows.map((row) => row.memory.total));
  return (
    <div className="gs-train-memory">
      <ul className="gs-train-memory-rows">
        {rows.map(({ strategy, memory }) => (
          <li key={strategy} className={strategy === chosen ? 'gs-chosen' : undefined}>
            <span className="gs-train-memory-name">{STRATEGY_NAMES[strategy]}</span>
            <span className="gs-train-memory-track" aria-hidden="true">
              {PARTS.map((part) => (
                <span key={part} className={`gs-train-memory-part gs-train-memory-part--${part}`} style={{ width: `${(memory[part] / most) * 100}%` }} />
              ))}
            </span>
            <span className="gs-train-memory-total">{formatBytes(memory.total)}</span>
          </li>
        ))}
      </ul>
      <p className="gs-train-memory-key">
        {PARTS.map((part) => (
          <span key={part}>
            <span className={`gs-train-swatch gs-train-memory-part--${part}`} aria-hidden="true" /> {PART_NAMES[part]}
          </span>
        ))}
      </p>
    </div>
  );
}
