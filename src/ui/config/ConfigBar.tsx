// The configuration a person picks: the algorithm (grouped by collective), devices (and devices per
// node, for algorithms built over nodes), elements, op and engine.
// Numbers apply on Enter or when the field is left; a bad one is said next to the field.

import { ALGORITHMS, checkDevicesPerNode } from '../../core/algorithms';
import { REDUCE_OPS, type ReduceOp } from '../../core/ops';
import { COLLECTIVES, type Collective } from '../../core/schedule';
import { algorithmPick, devicesPerNodeFor, fitDevicesPerNode, LIMITS, takesDevicesPerNode, type SimConfig } from '../../store/config';
import { describeError } from '../../store/derive';
import { useSim } from '../StoreContext';
import { ConfigNumberField } from './ConfigNumberField';
import { EngineField } from './EngineField';

/** The change of a configuration to `patch`, with devicesPerNode made to fit where that changes it. */
function withFittingNodes(config: SimConfig, patch: Partial<SimConfig>): Partial<SimConfig> {
  const next = fitDevicesPerNode({ ...config, ...patch });
  return next.devicesPerNode === config.devicesPerNode ? patch : { ...patch, devicesPerNode: next.devicesPerNode };
}

export function ConfigBar() {
  const config = useSim((s) => s.config);
  const custom = useSim((s) => s.custom);
  const perNodeShown = useSim((s) => s.derived?.schedule.devicesPerNode);
  const setConfig = useSim((s) => s.setConfig);
  const nodes = custom === null && takesDevicesPerNode(config);
  const pickAlgorithm = (collective: Collective, algorithm: string) => setConfig(algorithmPick(config, collective, algorithm));
  const checkPerNode = (value: number): string | null => {
    try {
      checkDevicesPerNode(value, config.devices, config.algorithm);
      return null;
    } catch (error) {
      return describeError(error);
    }
  };
  return (
    <div className="gs-config" role="group" aria-label="Configuration">
      <label className="gs-field gs-field-wide">
        <span>Algorithm</span>
        <select
          value={custom ? '' : `${config.collective}/${config.algorithm}`}
          onChange={(event) => {
            const [collective, algorithm] = event.target.value.split('/') as [Collective, string];
            pickAlgorithm(collective, algorithm);
          }}
        >
          {custom && <option value="">{custom.name}</option>}
          {COLLECTIVES.map((collective) => (
            <optgroup key={collective} label={collective}>
              {ALGORITHMS[collective].map((spec) => (
                <option key={spec.id} value={`${collective}/${spec.id}`} title={spec.summary}>
                  {collective === 'allreduce' ? spec.id : `${spec.id} ${collective}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <ConfigNumberField
        label="Devices"
        value={config.devices}
        min={LIMITS.devices.min}
        max={LIMITS.devices.max}
        onApply={(devices) => setConfig(withFittingNodes(config, { devices }))}
      />
      {nodes && (
        <ConfigNumberField
          label="Devices per node"
          value={perNodeShown ?? devicesPerNodeFor(config)!}
          min={LIMITS.devicesPerNode.min}
          max={LIMITS.devicesPerNode.max}
          check={checkPerNode}
          wrapLabel
          onApply={(devicesPerNode) => setConfig({ devicesPerNode })}
        />
      )}
      <ConfigNumberField
        label="Elements"
        value={config.elements}
        min={LIMITS.elements.min}
        max={LIMITS.elements.max}
        onApply={(elements) => setConfig({ elements })}
      />
      <label className="gs-field">
        <span>Op</span>
        <select value={config.op} onChange={(event) => setConfig({ op: event.target.value as ReduceOp })}>
          {REDUCE_OPS.map((op) => (
            <option key={op} value={op}>
              {op}
            </option>
          ))}
        </select>
      </label>
      <EngineField />
    </div>
  );
}
