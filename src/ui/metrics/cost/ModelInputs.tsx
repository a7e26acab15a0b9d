// The α-β model's knobs: the machine (custom, or a preset), latency α, port bandwidth B, the topology
// (one switch, or nodes), devices per node, and NCCL's protocol and channels, applied through setConfig only when valid. With a
// preset the fields show its fabric inside a node, and editing any of them returns to custom values.
// An algorithm built over nodes (hierarchical-ring) takes its devices per node from the configuration
// bar, next to Devices, so the field is not repeated here.

import { useId } from 'react';
import { defaultTopologyKind } from '../../../core/model';
import { LIMITS, takesDevicesPerNode, type SimConfig } from '../../../store/config';
import { leavePreset, presetFabric } from '../../../store/preset';
import { useSim } from '../../StoreContext';
import { MachineField } from './MachineField';
import { NumberField, numberRule } from '../../NumberField';
import { TransportFields } from './TransportFields';

const parseLatency = numberRule('latency', 0, LIMITS.latencyUs.max, { unit: ' µs' });
const parseBandwidth = numberRule('bandwidth', 0, LIMITS.bandwidthGBs.max, { above: true, unit: ' GB/s' });
const parseInterLatency = numberRule('latency between nodes', 0, LIMITS.interLatencyUs.max, { unit: ' µs' });
const parseInterBandwidth = numberRule('bandwidth between nodes', 0, LIMITS.interBandwidthGBs.max, { above: true, unit: ' GB/s' });
const parsePerNode = numberRule('devices per node', 1, LIMITS.devicesPerNode.max, { integer: true });

export function ModelInputs() {
  const preset = useSim((s) => s.config.preset);
  const fit = useSim((s) => s.config.fit);
  const devices = useSim((s) => s.config.devices);
  // The machine's fabric inside a node: a preset's, a fit's, or the custom values.
  const latencyUs = useSim((s) =>
    s.config.preset !== null ? presetFabric(s.config.preset, s.config.devices).latencyUs : (s.config.fit?.latencyUs ?? s.config.latencyUs),
  );
  const bandwidthGBs = useSim((s) =>
    s.config.preset !== null ? presetFabric(s.config.preset, s.config.devices).bandwidthGBs : (s.config.fit?.bandwidthGBs ?? s.config.bandwidthGBs),
  );
  // Between nodes: a preset's network where it models nodes, else the configured one.
  const interLatencyUs = useSim((s) =>
    s.config.preset !== null && s.derived?.topology.kind === 'nodes' ? s.derived.topology.inter.latencyUs : s.config.interLatencyUs,
  );
  const interBandwidthGBs = useSim((s) =>
    s.config.preset !== null && s.derived?.topology.kind === 'nodes' ? s.derived.topology.inter.bandwidthGBs : s.config.interBandwidthGBs,
  );
  const devicesPerNode = useSim((s) =>
    s.config.preset !== null && s.derived?.topology.kind === 'nodes' ? s.derived.topology.devicesPerNode : s.config.devicesPerNode,
  );
  const overNodes = useSim((s) => s.custom === null && takesDevicesPerNode(s.config));
  // The kind modelled: the preset's, the one chosen, else the schedule's default (nodes only for one built over nodes).
  const kind = useSim((s) =>
    s.config.preset !== null || s.config.fit !== null
      ? (s.derived?.topology.kind ?? 'switch')
      : (s.config.topology ?? (s.derived ? defaultTopologyKind(s.derived.schedule) : 'switch')),
  );
  const setConfig = useSim((s) => s.setConfig);
  const id = useId();
  // A hand on any field leaves the preset, from the figures it showed.
  const edit = (patch: Partial<SimConfig>) => setConfig({ ...leavePreset({ preset, devices, fit }), ...patch });

  return (
    <fieldset className="gs-model-inputs">
      <legend className="gs-visually-hidden">α-β model parameters</legend>
      <MachineField />
      <NumberField label="latency α" unit="µs" value={latencyUs} parse={parseLatency} onValid={(value) => edit({ latencyUs: value })} />
      <NumberField label="bandwidth B" unit="GB/s" value={bandwidthGBs} parse={parseBandwidth} onValid={(value) => edit({ bandwidthGBs: value })} />
      <div className="gs-field">
        <label htmlFor={id}>topology</label>
        <select id={id} value={kind} onChange={(event) => edit({ topology: event.target.value === 'nodes' ? 'nodes' : 'switch' })}>
          <option value="switch">one switch</option>
          <option value="nodes">nodes</option>
        </select>
      </div>
      {!overNodes && kind === 'nodes' && (
        <NumberField label="devices per node" value={devicesPerNode} step="1" parse={parsePerNode} onValid={(value) => edit({ devicesPerNode: value })} />
      )}
      {kind === 'nodes' && (
        <>
          <NumberField
            label="α between nodes"
            unit="µs"
            value={interLatencyUs}
            parse={parseInterLatency}
            onValid={(value) => edit({ interLatencyUs: value })}
          />
          <NumberField
            label="B between nodes"
            unit="GB/s"
            value={interBandwidthGBs}
            parse={parseInterBandwidth}
            onValid={(value) => edit({ interBandwidthGBs: value })}
          />
        </>
      )}
      <TransportFields />
    </fieldset>
  );
}
