// The words beside NCCL 2.4's charts: the model's gap next to the measured one, and where the α-β model
// departs from the measurement and why, each sentence built from the figures and the topology the
// model used, so it stays true of what was drawn.

import { topologyUnder, treeChunksFor, type ScaleFigures, type Topology } from '../../../core/model';
import { BASE_LATENCY_US, presetById, type Protocol } from '../../../core/nccl';
import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../../format';
import { formatTimes } from '../../../core/units';
import { figuresTopology, type ScaleChartData } from './scaleChartData';

const ceilLog2 = (n: number) => Math.ceil(Math.log2(n));

/** "ring against double-tree on Summit (6× V100), up to 24,576 GPUs". */
export function figuresTitle(figures: ScaleFigures): string {
  const [incumbent, challenger] = figures.algorithms;
  const machine = typeof figures.machine === 'string' ? ` on ${presetById(figures.machine).label}` : '';
  return `${incumbent} against ${challenger}${machine}, up to ${formatCount(Math.max(...figures.deviceCounts))} GPUs`;
}

/** "At 24,576 GPUs the model's ring takes 63.1 ms on 8 B and its double-tree 74.9 µs: 843× apart." */
export function gapSentence(figures: ScaleFigures, data: ScaleChartData): string | null {
  const { gap } = data;
  if (!gap) return null;
  const [incumbent, challenger] = figures.algorithms;
  return `At ${formatCount(gap.devices)} GPUs the model’s ${incumbent} takes ${formatMicroseconds(gap.incumbentUs)} on ${formatBytes(figures.latencyBytes)} and its ${challenger} ${formatMicroseconds(gap.challengerUs)}: ${formatTimes(gap.ratio)} apart.`;
}

/** "Measured: up to 180× lower latency for double binary trees than for rings at 24,576 GPUs (NCCL 2.4 on Summit …)." */
export function measuredSentence(figures: ScaleFigures): string | null {
  const { measured } = figures;
  if (!measured) return null;
  const [incumbent, challenger] = figures.algorithms;
  return `Measured: up to ${formatTimes(measured.ratio)} lower latency for ${challenger} than for ${incumbent} at ${formatCount(measured.devices)} GPUs (${measured.source}).`;
}

/** Steps of the model's latency: a ring's 2(N − 1); a tree's down the chains and the tree over nodes, up and down. */
function stepsSentence(figures: ScaleFigures, devices: number, topology: Topology): string {
  const [incumbent, challenger] = figures.algorithms;
  const ring = `The ${incumbent} takes 2(N − 1) = ${formatCount(2 * (devices - 1))} steps, paying the network’s α only where its few bytes cross between nodes`;
  if (topology.kind !== 'nodes') return `${ring}; the ${challenger} takes 2⌈log₂ N⌉ = ${2 * ceilLog2(devices)}, up its trees and down.`;
  const g = topology.devicesPerNode;
  const levels = ceilLog2(devices / g);
  return `${ring}; the ${challenger} takes 2·(${g - 1} + ${levels}) = ${2 * (g - 1 + levels)}: ${g - 1} hops along each node’s chain and ${levels} levels of the tree over ${formatCount(devices / g)} nodes, up and down. One grows with N, the other with log N, so the gap grows with scale, as measured.`;
}

function latencySentence(figures: ScaleFigures, topology: Topology): string {
  const protocol: Protocol = figures.latencyProtocol === 'auto' ? 'Simple' : figures.latencyProtocol;
  const plain = topologyUnder(topology, protocol);
  const alphas =
    plain.kind === 'nodes'
      ? `${formatMicroseconds(plain.intra.latencyUs)} inside a node and ${formatMicroseconds(plain.inter.latencyUs)} between nodes`
      : `${formatMicroseconds(plain.latencyUs)}`;
  return `Each step of the α-β model costs the α of the slowest fabric it moves bytes over, α being NCCL’s latency per hop for ${protocol}: ${alphas}.`;
}

function leftOutSentence(figures: ScaleFigures): string {
  const [incumbent, challenger] = figures.algorithms;
  const base = `${formatMicroseconds(BASE_LATENCY_US.Ring.LL)} for Ring/LL, ${formatMicroseconds(BASE_LATENCY_US.Tree.LL)} for Tree/LL`;
  return `Left out, where NCCL pays them: a launch latency per call (NCCL’s tuner adds ${base}), the host proxy and network software at each hop, jitter, and congestion: the fat tree counts as non-blocking, one α per network hop whatever the switch levels crossed. Each adds more to the ${challenger}’s few steps than to the ${incumbent}’s many, which narrows a measured gap; the publication prints the ratio, not the times it plots, so which side the model misses most cannot be read off.`;
}

function protocolSentence(figures: ScaleFigures): string {
  return `One protocol per chart (${figures.latencyProtocol} for ${formatBytes(figures.latencyBytes)}, ${figures.bandwidthProtocol} for ${formatBytes(figures.bandwidthBytes)}), where NCCL picks one per call and falls back to rings where they are faster; NCCL 2.4 had LL and Simple, LL128 came with 2.5.`;
}

function bandwidthSentence(figures: ScaleFigures, devices: number): string {
  const [incumbent, challenger, third] = figures.algorithms;
  const topology = figuresTopology(figures, devices, figures.bandwidthProtocol);
  const chunks = treeChunksFor(figures, figures.bandwidthBytes);
  const pipeline = `The trees pipeline chunks of ${formatBytes(figures.treeChunkBytes)} (NCCL’s Simple step), ${formatCount(chunks)} at ${formatBytes(figures.bandwidthBytes)}, so filling and draining them stays small and their bus bandwidth holds, while each of the ${incumbent}’s ${formatCount(2 * (devices - 1))} steps pays its α.`;
  if (topology.kind !== 'nodes') return pipeline;
  const share = formatGBs(topology.inter.bandwidthGBs);
  const hierarchical = third ? ` The ${third}’s rings between nodes use every GPU’s share.` : '';
  return `A GPU’s port to the network is its share of the node’s NICs, ${share}, and the ${incumbent} and the ${challenger} send all of a node’s network traffic through one GPU (the ${incumbent}’s last in the node, the ${challenger}’s head), so neither passes ${share} of bus bandwidth, where NCCL spreads its channels over every NIC.${hierarchical} ${pipeline}`;
}

/** Where the model departs from the measurement, and why: one paragraph each. */
export function departureSentences(figures: ScaleFigures, data: ScaleChartData): string[] {
  if (!data.gap || !data.topology) return [];
  const devices = data.gap.devices;
  return [
    latencySentence(figures, data.topology),
    stepsSentence(figures, devices, data.topology),
    leftOutSentence(figures),
    protocolSentence(figures),
    bandwidthSentence(figures, devices),
  ];
}
