// A fitted nccl-tests log as gradsync's own α-β model: one α per message step and one port bandwidth
// B on one switch, chosen so that the ring of the log's collective on the log's devices takes the
// fit's Simple line, α_S + c·S / β_S (c = B(S) / S, model.ts). The ring makes N·f(N) equal steps, f
// being nccl-tests' busbw factor (2(N−1) for all-reduce, N−1 for all-gather and reduce-scatter), each
// moving S/N through every port, so its time is N·f·α + f·S / B:
//   α = α_S / (N·f(N)),   B = β_S · f(N) / c.
// Within one node c = f and B = β_S. Across nodes β_S is the network's and c the bytes that must
// leave a node: B is then the bandwidth a one-switch ring needs to take as long, which is the log's
// busbw at large sizes. Equal wherever N divides the elements (the ring's segments are then even).
// LL and LL128, where the fit has them, become the fabric's own α and B for those protocols by the same
// rule (core/model/transport.ts), so the ring under each protocol takes that protocol's line.

import { refused, type Refused } from '../errors';
import type { Fabric } from '../model/cost';
import type { Collective } from '../schedule/ir';
import type { Calibration } from './calibration';
import { collectiveFacts, type NcclTestsCollective } from './collectives';
import { parameterNames } from './model';

export interface FitModel {
  collective: Collective;
  devices: number;
  devicesPerNode: number;
  nodes: number;
  /** The ring's message steps, N·f(N). */
  ringSteps: number;
  latencyUs: number;
  bandwidthGBs: number;
  /** The Simple line it reproduces: α_S + c·S / β_S. */
  simple: { alphaUs: number; betaGBs: number; fabricBytesPerByte: number };
  /** One switch's fabric: latencyUs and bandwidthGBs above, and LL's and LL128's where fitted. */
  fabric: Fabric;
}

export type FitAsModel = { ok: true; model: FitModel } | Refused;

/** The collectives whose gradsync ring moves S/N through every port each step. */
const RING_COLLECTIVES: Partial<Record<NcclTestsCollective, Collective>> = {
  all_reduce: 'allreduce',
  all_gather: 'allgather',
  reduce_scatter: 'reduce-scatter',
};

export function fitAsModel(calibration: Calibration): FitAsModel {
  const { shape, devicesKnown, nodes, fabricBytesPerByte, fit } = calibration;
  const collective = RING_COLLECTIVES[shape.collective];
  if (!collective) {
    return refused(`gradsync's rings model all-reduce, all-gather and reduce-scatter; a ${shape.collective} log does not set them`);
  }
  if (!devicesKnown) return refused('the log does not say how many devices ran it');
  const simple = fit.lines.Simple;
  if (!simple || !(parameterNames('Simple', fit.fabric).alpha in fit.parameters)) {
    return refused('the fit picks Simple for no size of this log, so its Simple line is not determined');
  }
  const n = shape.devices;
  const factor = collectiveFacts(shape.collective).busFactor(n);
  const ringSteps = Math.round(n * factor);
  const latencyUs = simple.alphaUs / ringSteps;
  const bandwidthGBs = (simple.betaGBs * factor) / fabricBytesPerByte;
  const protocolLatencyUs: Partial<Record<'LL' | 'LL128', number>> = {};
  const protocolBandwidthGBs: Partial<Record<'LL' | 'LL128', number>> = {};
  for (const p of ['LL', 'LL128'] as const) {
    const line = fit.lines[p];
    if (!line || !(parameterNames(p, fit.fabric).alpha in fit.parameters)) continue;
    protocolLatencyUs[p] = line.alphaUs / ringSteps;
    protocolBandwidthGBs[p] = (line.betaGBs * factor) / fabricBytesPerByte;
  }
  // Empty where the fit has Simple alone: the fabric still says which protocols it gives (transport.ts).
  const fabric: Fabric = { latencyUs, bandwidthGBs, protocolLatencyUs, protocolBandwidthGBs };
  return {
    ok: true,
    model: {
      collective,
      devices: n,
      devicesPerNode: shape.devicesPerNode,
      nodes,
      ringSteps,
      latencyUs,
      bandwidthGBs,
      simple: { alphaUs: simple.alphaUs, betaGBs: simple.betaGBs, fabricBytesPerByte },
      fabric,
    },
  };
}
