// The tuner's choices a log shows, each beside what gradsync's model of NCCL's tuner (core/nccl, the
// model `gradsync tune` prints) picks for the same collective and size on the preset machine that
// matches the log: agreeing or not. The preset is matched on what the log and a topology dump say
// (GPUs a node, the path type inside a node, NVLS, the GPUs' generation); what they leave open is
// said, and the user may choose another.

import { NCCL_PRESETS, ncclChoose, ncclTuner, pairName, presetById, type NcclAlgorithm, type NcclPreset, type Protocol } from '../nccl';
import { GradsyncError } from '../errors';
import type { Collective } from '../schedule/ir';
import type { NcclLog } from './parseNcclLog';
import type { NcclDump } from './dumps';

/** NCCL's words for its algorithms, protocols and collectives, as its tuner lines print them. */
const ALGORITHMS: Record<string, NcclAlgorithm> = {
  RING: 'Ring',
  TREE: 'Tree',
  NVLS: 'NVLS',
  NVLS_TREE: 'NVLSTree',
  COLLNET_DIRECT: 'CollNetDirect',
  COLLNET_CHAIN: 'CollNetChain',
  PAT: 'PAT',
};
const PROTOCOLS: Record<string, Protocol> = { LL: 'LL', LL128: 'LL128', SIMPLE: 'Simple' };
const COLLECTIVES: Record<string, Collective> = {
  AllReduce: 'allreduce',
  AllGather: 'allgather',
  ReduceScatter: 'reduce-scatter',
  Broadcast: 'broadcast',
  Reduce: 'reduce',
};
/** Compute capability ×10 → the generation NCCL tunes for. */
const ARCH_OF_SM: Record<number, NcclPreset['hardware']['arch']> = { 70: 'Volta', 80: 'Ampere', 90: 'Hopper', 100: 'Blackwell' };

export interface PresetMatch {
  /** The preset gradsync's tuner model runs on; null where none has the log's GPUs a node. */
  id: string | null;
  /** Why, in a few words each: "8 GPUs a node", "NVLink inside a node (type NVL)". */
  because: string[];
  /** Other presets that fit as well, where the log does not tell them apart. */
  alike: string[];
}

/** GPUs a node: every host's ranks where they agree; null where the log does not say. */
function ranksPerNode(log: NcclLog): number | null {
  const sizes = new Set(log.hosts.map((h) => h.ranks.length));
  if (log.hosts.length > 0 && sizes.size === 1) return [...sizes][0];
  if (log.nodes !== null && log.ranks % log.nodes === 0) return log.ranks / log.nodes;
  return null;
}

/** The preset that matches the log (and a topology dump, where given), and why. */
export function matchPreset(log: NcclLog, dump: NcclDump | null = null): PresetMatch {
  const perNode = ranksPerNode(log);
  if (perNode === null) return { id: null, because: ['the log does not say how many GPUs a node has'], alike: [] };
  let fits = NCCL_PRESETS.filter((p) => (log.ranks <= p.hardware.gpusPerNode && perNode === log.ranks) || p.hardware.gpusPerNode === perNode);
  const because = [`${perNode} GPU${perNode === 1 ? '' : 's'} a node`];
  if (fits.length === 0) return { id: null, because: [...because, `no preset has ${perNode} GPUs a node`], alike: [] };
  const narrow = (keep: (p: NcclPreset) => boolean, why: string) => {
    const kept = fits.filter(keep);
    if (kept.length > 0 && kept.length < fits.length) {
      fits = kept;
      because.push(why);
    }
  };
  const typeIntra = log.graphs[0]?.typeIntra ?? null;
  if (typeIntra === 'NVL') narrow((p) => p.hardware.fabric !== 'PCIe', 'NVLink inside a node (type NVL)');
  else if (typeIntra !== null && /^(PIX|PXB|PXN|PHB|SYS|PCI)$/.test(typeIntra))
    narrow((p) => p.hardware.fabric === 'PCIe', `PCIe inside a node (type ${typeIntra})`);
  const sm = dump?.kind === 'topology' ? (dump.topology.gpus.find((g) => g.sm !== null)?.sm ?? null) : null;
  const arch = sm === null ? null : (ARCH_OF_SM[sm] ?? null);
  if (arch) narrow((p) => p.hardware.arch === arch, `${arch} GPUs (sm ${sm})`);
  if (log.tuning.some((t) => t.algorithm.startsWith('NVLS'))) narrow((p) => p.hardware.nvls, 'NVLS chosen (NVLink SHARP)');
  return { id: fits[0].id, because, alike: fits.slice(1).map((p) => p.id) };
}

export interface TuningRow {
  collective: Collective | null;
  bytes: number;
  /** NCCL's choice in the log, as gradsync names pairs: "Ring/LL". */
  logged: string;
  /** gradsync's model's pick for the same call; null where it cannot say (`why`). */
  predicted: string | null;
  agrees: boolean | null;
  why: string | null;
}

/** Each distinct choice of the log beside the model's pick on preset `presetId`. */
export function compareTuning(log: NcclLog, presetId: string): TuningRow[] {
  const preset = presetById(presetId);
  const tuners = new Map<Collective, ReturnType<typeof ncclTuner> | string>();
  const tunerFor = (collective: Collective) => {
    if (!tuners.has(collective)) {
      try {
        tuners.set(collective, ncclTuner(preset.hardware, log.ranks, collective));
      } catch (error) {
        if (!(error instanceof GradsyncError)) throw error;
        tuners.set(collective, `the model of ${preset.label} cannot take ${log.ranks} ranks: ${error.message}`);
      }
    }
    return tuners.get(collective)!;
  };
  const seen = new Set<string>();
  const rows: TuningRow[] = [];
  for (const t of log.tuning) {
    const algorithm = ALGORITHMS[t.algorithm];
    const protocol = PROTOCOLS[t.protocol];
    const logged = algorithm && protocol ? pairName({ algorithm, protocol }) : `${t.algorithm}/${t.protocol}`;
    const collective = t.collective === null ? null : (COLLECTIVES[t.collective] ?? null);
    const key = `${t.collective}:${t.bytes}:${logged}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const row = (predicted: string | null, why: string | null): TuningRow => ({
      collective,
      bytes: t.bytes,
      logged,
      predicted,
      agrees: predicted === null ? null : predicted === logged,
      why,
    });
    if (t.collective === null) rows.push(row(null, 'the line does not name its collective (NCCL before 2.23)'));
    else if (collective === null) rows.push(row(null, `gradsync has no model of ${t.collective}`));
    else if (t.bytes <= 0) rows.push(row(null, 'a call of no bytes'));
    else {
      const tuner = tunerFor(collective);
      rows.push(typeof tuner === 'string' ? row(null, tuner) : row(pairName(ncclChoose(tuner, t.bytes).pick), null));
    }
  }
  return rows.sort((a, b) => (a.collective ?? '').localeCompare(b.collective ?? '') || a.bytes - b.bytes);
}
