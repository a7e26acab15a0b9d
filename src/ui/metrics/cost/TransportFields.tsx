// NCCL's protocol and the channels the α-β model moves bytes with (core/model/transport.ts). They are not
// part of the machine: changing them keeps a preset. An empty channels field fills every port.

import { useId } from 'react';
import { topologyFillingChannels, MAX_CHANNELS, PROTOCOL_CHOICES, type ProtocolChoice } from '../../../core/model';
import { useSim } from '../../StoreContext';
import { NumberField, numberRule } from '../../NumberField';

const parseChannels = numberRule('channels', 1, MAX_CHANNELS, { integer: true });

const PROTOCOL_LABELS: Readonly<Record<ProtocolChoice, string>> = {
  Simple: 'Simple',
  LL128: 'LL128',
  LL: 'LL',
  auto: 'fastest',
};

export function TransportFields() {
  const protocol = useSim((s) => s.config.protocol);
  const channels = useSim((s) => s.config.channels);
  const fill = useSim((s) => (s.derived ? topologyFillingChannels(s.derived.topology) : null));
  const setConfig = useSim((s) => s.setConfig);
  const id = useId();
  return (
    <>
      <div className="gs-field">
        <label htmlFor={id}>protocol</label>
        <select id={id} value={protocol} onChange={(event) => setConfig({ protocol: event.target.value as ProtocolChoice })}>
          {PROTOCOL_CHOICES.map((p) => (
            <option key={p} value={p}>
              {PROTOCOL_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <NumberField
        label="channels"
        value={channels}
        step="1"
        parse={parseChannels}
        onValid={(value) => setConfig({ channels: value })}
        onEmpty={() => setConfig({ channels: null })}
        emptyMeans={fill === null ? 'fill' : `${fill} fill`}
      />
    </>
  );
}
