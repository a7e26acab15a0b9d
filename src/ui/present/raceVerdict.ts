// The line the class reads when both sides have finished: who won, by how much, and why — the bytes
// through the busiest port, or the latency of every step.

import { type CostResult, BYTES_PER_ELEMENT, busiestDevice } from '../../core/model';
import { formatBytes, formatMicroseconds, plural } from '../format';
import { deviceLabel } from '../../core/notation';

export interface Entrant {
  algorithm: string;
  cost: CostResult;
  /** α of a step that moves bytes (µs), as the verdict words it. */
  latencyUs: number;
}

interface Split {
  steps: number;
  latencyUs: number;
  bytesUs: number;
  busiest: { device: number; bytes: number; receives: boolean };
}

function split(entrant: Entrant): Split {
  const { cost } = entrant;
  let latency = 0;
  for (let s = 0; s < cost.stepLatencyUs.length; s++) latency += cost.stepLatencyUs[s];
  // When nothing moves no device is busiest; GPU-0 with 0 bytes keeps the comparisons below simple.
  const { device, bytes } = busiestDevice(cost) ?? { device: 0, bytes: 0 };
  const busiest = { device, bytes, receives: cost.bytesReceived[device] >= cost.bytesSent[device] };
  return { steps: cost.stepTimesUs.length, latencyUs: latency, bytesUs: cost.totalUs - latency, busiest };
}

function buffers(bytes: number, bufferBytes: number): string {
  const n = bytes / bufferBytes;
  const shown = Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0+$/, '').replace(/\.$/, '');
  return `${shown} buffer${n === 1 ? '' : 's'}`;
}

/** Why the winner is faster, in one clause. */
function raceReason(winner: Entrant, loser: Entrant): string {
  const w = split(winner);
  const l = split(loser);
  const bufferBytes = winner.cost.elements * BYTES_PER_ELEMENT;
  const bytesGain = l.bytesUs - w.bytesUs;
  const latencyGain = l.latencyUs - w.latencyUs;
  if (latencyGain > bytesGain && w.steps < l.steps) {
    return `${winner.algorithm} needs ${plural(w.steps, 'step')} to ${loser.algorithm}’s ${l.steps}, and with ${formatBytes(bufferBytes)} per GPU each step’s ${formatMicroseconds(winner.latencyUs)} latency outweighs the bytes`;
  }
  if (l.busiest.bytes > w.busiest.bytes) {
    const verb = l.busiest.receives ? 'receives' : 'sends';
    return `${loser.algorithm}’s ${deviceLabel(l.busiest.device)} ${verb} ${buffers(l.busiest.bytes, bufferBytes)} (${formatBytes(l.busiest.bytes)}) through its one port, while no ${winner.algorithm} GPU sends or receives more than ${buffers(w.busiest.bytes, bufferBytes)} (${formatBytes(w.busiest.bytes)})`;
  }
  return `${winner.algorithm} spends ${formatMicroseconds(w.bytesUs)} moving bytes and ${formatMicroseconds(w.latencyUs)} on latency; ${loser.algorithm} ${formatMicroseconds(l.bytesUs)} and ${formatMicroseconds(l.latencyUs)}`;
}

/** How much faster: "4.2× faster", or where that would round to about 1×, "1.4% faster". */
function faster(ratio: number): string {
  if (ratio < 1.1) return `${((ratio - 1) * 100).toFixed(1)}% faster`;
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}× faster`;
}

/** "ring finishes in 143 µs, 4.2× faster than master (597 µs): master’s GPU-0 receives …"; a near tie in per cent. */
export function raceVerdict(a: Entrant, b: Entrant): string {
  const ta = a.cost.totalUs;
  const tb = b.cost.totalUs;
  if (ta === 0 && tb === 0) return 'With one GPU there is nothing to synchronize: both finish at once.';
  if (Math.abs(ta - tb) <= 0.005 * Math.max(ta, tb)) return `${a.algorithm} and ${b.algorithm} tie at ${formatMicroseconds(ta)}.`;
  const [winner, loser] = ta < tb ? [a, b] : [b, a];
  const ratio = loser.cost.totalUs / Math.max(winner.cost.totalUs, Number.MIN_VALUE);
  return `${winner.algorithm} finishes in ${formatMicroseconds(winner.cost.totalUs)}, ${faster(ratio)} than ${loser.algorithm} (${formatMicroseconds(loser.cost.totalUs)}): ${raceReason(winner, loser)}.`;
}
