// Bytes per device: bars up to 64 devices, a histogram beyond, and the busiest device named above them.

import { useMemo } from 'react';
import type { TrafficCounts } from '../../../core/model';
import { SendReceiveLegend } from '../chart/SendReceiveLegend';
import { TrafficBars } from './TrafficBars';
import { TrafficHistogram } from './TrafficHistogram';
import { busiestLine, isBottleneck, summarizeTraffic } from './trafficSummary';

/** Above this many devices the bars become a histogram. */
const BARS_LIMIT = 64;

export function TrafficSection({ traffic }: { traffic: TrafficCounts }) {
  const summary = useMemo(() => summarizeTraffic(traffic.bytesSent, traffic.bytesReceived), [traffic]);
  const hot = isBottleneck(summary);
  return (
    <div className="gs-metrics-traffic">
      <div className="gs-metrics-subhead">
        <h3>Bytes per device</h3>
        {traffic.devices <= BARS_LIMIT && <SendReceiveLegend />}
      </div>
      <p className={`gs-busiest${hot ? ' gs-busiest-hot' : ''}`} data-testid="busiest">
        {busiestLine(summary)}
      </p>
      {traffic.devices <= BARS_LIMIT ? (
        <TrafficBars bytesSent={traffic.bytesSent} bytesReceived={traffic.bytesReceived} summary={summary} />
      ) : (
        <TrafficHistogram summary={summary} />
      )}
    </div>
  );
}
