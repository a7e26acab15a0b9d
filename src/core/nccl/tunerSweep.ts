// NCCL's pick over a range of sizes: the sizes where it changes (exact to the byte), and a sentence
// that names a pick, its time, the runner-up's and why.

import { formatBytes, formatGBs, formatMicroseconds } from '../units';
import { ncclChoose, pairName, type NcclCandidate, type NcclChoice, type NcclTuner } from './tuner';

export interface NcclCrossover {
  /** The first size at which `to` is picked. */
  bytes: number;
  from: string;
  to: string;
}

/** Sizes from min to max, each `factor` times the one before, as nccl-tests' -b, -e and -f. */
export function sweepSizes(minBytes: number, maxBytes: number, factor: number): number[] {
  const sizes: number[] = [];
  for (let size = minBytes; size <= maxBytes; size *= factor) sizes.push(size);
  return sizes;
}

function pickAt(tuner: NcclTuner, bytes: number): string {
  return pairName(ncclChoose(tuner, bytes).pick);
}

/**
 * Within a piece where every pair's time is latency + bytes / bandwidth with fixed figures, the sizes
 * one pair wins form one interval (the lower envelope of lines): its end is found by halving. The
 * figures change only where a size crosses a power of two times 64 bytes (the tree correction) and
 * where a ring's channels' shares reach 64 bytes (the plateau): the pieces end there.
 */
function pieceEnds(tuner: NcclTuner, minBytes: number, maxBytes: number): number[] {
  const ends = new Set<number>([maxBytes + 1]);
  for (let edge = 64; edge <= maxBytes; edge *= 2) if (edge > minBytes) ends.add(edge);
  const plateau = 64 * tuner.graphs.commChannels * tuner.system.ranks;
  if (plateau > minBytes && plateau <= maxBytes) ends.add(plateau);
  return [...ends].sort((a, b) => a - b);
}

/** Every size in [minBytes, maxBytes] where NCCL's pick changes, with the pairs before and after. */
export function ncclCrossovers(tuner: NcclTuner, minBytes: number, maxBytes: number): NcclCrossover[] {
  const crossovers: NcclCrossover[] = [];
  let start = minBytes;
  let current = pickAt(tuner, start);
  for (const end of pieceEnds(tuner, minBytes, maxBytes)) {
    while (start < end) {
      const here = pickAt(tuner, start);
      if (here !== current) crossovers.push({ bytes: start, from: current, to: here });
      current = here;
      // The last size of this piece `here` still wins, by halving.
      let low = start;
      let high = end - 1;
      if (pickAt(tuner, high) === here) break;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (pickAt(tuner, middle) === here) low = middle;
        else high = middle;
      }
      start = high;
    }
    start = end;
  }
  return crossovers;
}

function reason(pick: NcclCandidate, other: NcclCandidate): string {
  const latency = (c: NcclCandidate) => formatMicroseconds(c.sizeLatencyUs);
  const bandwidth = (c: NcclCandidate) => formatGBs(c.sizeBandwidthGBs);
  const name = pairName(other);
  if (pick.timeUs === other.timeUs) return `the two tie and NCCL keeps the first in its order of algorithms and protocols`;
  if (pick.sizeLatencyUs <= other.sizeLatencyUs && pick.sizeBandwidthGBs >= other.sizeBandwidthGBs) {
    return `it has the lower latency (${latency(pick)} against ${latency(other)}) and the higher bandwidth (${bandwidth(pick)} against ${bandwidth(other)})`;
  }
  if (pick.sizeLatencyUs < other.sizeLatencyUs) {
    return `at this size its lower latency (${latency(pick)} against ${latency(other)}) outweighs ${name}'s higher bandwidth (${bandwidth(other)} against ${bandwidth(pick)})`;
  }
  return `at this size its higher bandwidth (${bandwidth(pick)} against ${bandwidth(other)}) outweighs its higher latency (${latency(pick)} against ${latency(other)})`;
}

/** "At 1.00 MiB NCCL's model picks Ring/LL128: 23.1 µs, against Tree/LL128's 27.4 µs, because …". */
export function explainChoice(choice: NcclChoice): string {
  const { pick, runnerUp } = choice;
  const head = `At ${formatBytes(choice.bytes)} NCCL's model picks ${pairName(pick)}: ${formatMicroseconds(pick.timeUs!)}`;
  if (runnerUp === null) return `${head}, the only pair NCCL runs here.`;
  return `${head}, against ${pairName(runnerUp)}'s ${formatMicroseconds(runnerUp.timeUs!)}, because ${reason(pick, runnerUp)}.`;
}
