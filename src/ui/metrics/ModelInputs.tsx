// The α-β model's knobs: latency α, port bandwidth B, the topology (one switch, or nodes) and devices
// per node, applied through setConfig only when valid. An algorithm built over nodes (hierarchical-ring)
// takes its devices per node from the configuration bar, next to Devices, so the field is not repeated here.

import { useId } from 'react';
import { defaultTopologyKind } from '../../core/topology';
import { LIMITS, takesDevicesPerNode } from '../../store/config';
import { useSim } from '../StoreContext';
import { NumberField, numberRule } from './NumberField';

const parseLatency = numberRule('latency', 0, LIMITS.latencyUs.max, { unit: ' µs' });
const parseBandwidth = numberRule('bandwidth', 0, LIMITS.bandwidthGBs.max, { above: true, unit: ' GB/s' });
const parsePerNode = numberRule('devices per node', 1, LIMITS.devicesPerNode.max, { integer: true });

export function ModelInputs() {
  const latencyUs = useSim((s) => s.config.latencyUs);
  const bandwidthGBs = useSim((s) => s.config.bandwidthGBs);
  const devicesPerNode = useSim((s) => s.config.devicesPerNode);
  const overNodes = useSim((s) => s.custom === null && takesDevicesPerNode(s.config));
  // The kind modelled: the one chosen, else the schedule's default (nodes only for one built over nodes).
  const kind = useSim((s) => s.config.topology ?? (s.derived ? defaultTopologyKind(s.derived.schedule) : 'switch'));
  const setConfig = useSim((s) => s.setConfig);
  const id = useId();

  return (
    <fieldset className="gs-model-inputs">
      <legend className="gs-visually-hidden">α-β model parameters</legend>
      <NumberField label="latency α" unit="µs" value={latencyUs} parse={parseLatency} onValid={(value) => setConfig({ latencyUs: value })} />
      <NumberField label="bandwidth B" unit="GB/s" value={bandwidthGBs} parse={parseBandwidth} onValid={(value) => setConfig({ bandwidthGBs: value })} />
      <div className="gs-field">
        <label htmlFor={id}>topology</label>
        <select id={id} value={kind} onChange={(event) => setConfig({ topology: event.target.value === 'nodes' ? 'nodes' : 'switch' })}>
          <option value="switch">one switch</option>
          <option value="nodes">nodes</option>
        </select>
      </div>
      {!overNodes && kind === 'nodes' && (
        <NumberField label="devices per node" value={devicesPerNode} step="1" parse={parsePerNode} onValid={(value) => setConfig({ devicesPerNode: value })} />
      )}
    </fieldset>
  );
}
