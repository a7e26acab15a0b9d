// The protocol and channels in sentences: how each fabric's α and B come about (core/model/transport.ts),
// and for 'auto' which protocol the model picked and what the others would take.

import { topologyReadings, type CostResult, type Topology, protocolPickWords, type FabricReading } from '../../../core/model';
import { PROTOCOL_LINES, type Protocol } from '../../../core/nccl';
import { formatGBs, plainNumber, plural } from '../../format';

function dataShare(reading: FabricReading, protocol: Protocol): string {
  if (reading.ownShare) return `, of which the fit's ${protocol} carries ${Number((reading.efficiency * 100).toPrecision(3))}%`;
  const line = PROTOCOL_LINES[protocol];
  return line ? `, of which ${line.dataBytes} in ${line.lineBytes} bytes are data` : '';
}

function readingWords(reading: FabricReading, protocol: Protocol): string {
  const { channels, channelGBs, portGBs, reachGBs, fillsWith } = reading;
  const lanes = (n: number) => `${plural(n, 'channel')} × ${formatGBs(channelGBs)}`;
  const reach = !reading.chosen
    ? `the port's ${formatGBs(portGBs)}, full (${lanes(fillsWith)} fill${fillsWith === 1 ? 's' : ''} it)`
    : reachGBs < portGBs
      ? `${lanes(channels)} = ${formatGBs(reachGBs)} of the port's ${formatGBs(portGBs)}`
      : `${lanes(channels)} fill the port's ${formatGBs(portGBs)}`;
  return `α ${plainNumber(reading.latencyUs)} µs per step; ${reach}${dataShare(reading, protocol)}: B ${formatGBs(reading.bandwidthGBs)}`;
}

/** "LL128: α 1.9 µs per step; 12 channels × 30.0 GB/s fill the port's 360 GB/s, …: B 338 GB/s." */
export function transportSentence(topology: Topology, cost: Pick<CostResult, 'protocol' | 'protocolTotalsUs'>): string {
  const readings = topologyReadings(topology, cost.protocol);
  const how =
    readings.length === 1
      ? readingWords(readings[0], cost.protocol)
      : readings.map((r) => `${r.role === 'inside' ? 'inside a node' : 'between nodes'} ${readingWords(r, cost.protocol)}`).join('; ');
  return `${protocolPickWords(cost.protocol, cost.protocolTotalsUs)}: ${how}.`;
}

/** The protocol modelled and the channels in use, as the timeline tags it: "LL128, 12 channels". */
export function transportTag(topology: Topology, protocol: Protocol): string {
  const channels = Math.max(...topologyReadings(topology, protocol).map((r) => r.channels));
  return `${protocol}, ${plural(channels, 'channel')}`;
}
