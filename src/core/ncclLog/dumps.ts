// NCCL's XML dumps: NCCL_GRAPH_DUMP_FILE (the graphs its search found: each channel's GPUs in order,
// between the NICs it leaves and enters by) and NCCL_TOPO_DUMP_FILE (the machine it saw: CPUs, PCI
// switches, GPUs with their NVLinks, NICs). Both are written from 2.6 on with version="1"; their
// attributes grew over versions, and what a version does not write is null here.

import { GradsyncError } from '../errors';
import { readXml, type XmlAttribute } from '../formats/msccl/xmlReader';

/** A graph's id as NCCL numbers them: 0 ring, 1 tree, 2 CollNet (chain), 3 NVLS, 4 CollNet direct (2.23 on). */
const GRAPH_KINDS = ['ring', 'tree', 'collnet', 'nvls', 'collnet direct'];

export interface DumpedGraph {
  id: number;
  /** What the id says: ring, tree, collnet, nvls, collnet direct. */
  kind: string;
  pattern: number;
  channels: {
    /** Each GPU in channel order: its `dev` (NVML's index; from 2.21 system id and device, in hex). */
    gpus: string[];
    /** Their ranks, where the dump writes them (2.30.3 on); else null. */
    ranks: number[] | null;
    /** The NICs the channel enters and leaves the node by. */
    nets: string[];
  }[];
  bwIntra: number | null;
  bwInter: number | null;
  typeIntra: string | null;
  typeInter: string | null;
}

interface DumpedGpu {
  rank: number | null;
  dev: number | null;
  /** Compute capability ×10 (90 for an H100). */
  sm: number | null;
  busId: string | null;
  /** Its NVLinks: the bus id at the other end, how many links, and the class of what is there (a GPU, an NVSwitch). */
  nvlinks: { target: string; count: number; targetClass: string | null }[];
}

export interface DumpedTopology {
  cpus: { numaId: string | null; arch: string | null; vendor: string | null }[];
  /**
   * PCI entries by bus id, with the bus id of the one above them (null under a CPU): switches and
   * bridges (`device` null), and the GPUs' and NICs' own entries.
   */
  pci: { busId: string; parent: string | null; linkSpeed: string | null; linkWidth: number | null; device: 'gpu' | 'nic' | null; cpu: number | null }[];
  gpus: DumpedGpu[];
  nics: { name: string | null; dev: number | null; speedMbps: number | null; busId: string | null; gdr: boolean | null }[];
}

export type NcclDump = { kind: 'graphs'; graphs: DumpedGraph[] } | { kind: 'topology'; topology: DumpedTopology };

const get = (attributes: XmlAttribute[], name: string): string | null => attributes.find((a) => a.name === name)?.value ?? null;
const num = (value: string | null): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** Whether a text is one of NCCL's XML dumps, by its first element. */
export function looksLikeNcclDump(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?<(?:graphs|system)\b/.test(text);
}

/** The PCI switches and bridges of a topology: its PCI entries that are not a GPU's or a NIC's own. */
export function pciSwitches(topology: DumpedTopology): DumpedTopology['pci'] {
  return topology.pci.filter((p) => p.device === null);
}

/** Reads a graph or topology dump; bad input (naming the line) where it is neither. */
export function parseNcclDump(text: string): NcclDump {
  const graphs: DumpedGraph[] = [];
  const topology: DumpedTopology = { cpus: [], pci: [], gpus: [], nics: [] };
  let root: string | null = null;
  const stack: { name: string; busId: string | null }[] = [];
  readXml(text, {
    open(name, attributes, line) {
      const parent = stack[stack.length - 1]?.name ?? null;
      if (root === null) {
        if (name !== 'graphs' && name !== 'system') {
          throw new GradsyncError(
            'bad-input',
            `line ${line}: <${name}> is not an NCCL dump: expected <graphs> (NCCL_GRAPH_DUMP_FILE) or <system> (NCCL_TOPO_DUMP_FILE)`,
          );
        }
        root = name;
      } else if (root === 'graphs') readGraphElement(name, parent, attributes, graphs);
      else readSystemElement(name, stack, attributes, topology);
      const busId = name === 'pci' ? get(attributes, 'busid') : null;
      stack.push({ name, busId });
    },
    close() {
      stack.pop();
    },
  });
  if (root === null) throw new GradsyncError('bad-input', 'no XML element: expected an NCCL graph or topology dump');
  return root === 'graphs' ? { kind: 'graphs', graphs } : { kind: 'topology', topology };
}

function readGraphElement(name: string, parent: string | null, attributes: XmlAttribute[], graphs: DumpedGraph[]): void {
  const graph = graphs[graphs.length - 1];
  if (name === 'graph') {
    const id = num(get(attributes, 'id')) ?? graphs.length;
    graphs.push({
      id,
      kind: GRAPH_KINDS[id] ?? `graph ${id}`,
      pattern: num(get(attributes, 'pattern')) ?? -1,
      channels: [],
      bwIntra: num(get(attributes, 'speedintra')),
      bwInter: num(get(attributes, 'speedinter')),
      typeIntra: get(attributes, 'typeintra'),
      typeInter: get(attributes, 'typeinter'),
    });
  } else if (name === 'channel' && graph) graph.channels.push({ gpus: [], ranks: [], nets: [] });
  else if (parent === 'channel' && graph) {
    const channel = graph.channels[graph.channels.length - 1];
    if (name === 'gpu') {
      channel.gpus.push(get(attributes, 'dev') ?? '?');
      const rank = num(get(attributes, 'rank'));
      channel.ranks = channel.ranks && rank !== null ? [...channel.ranks, rank] : null;
    } else if (name === 'net') channel.nets.push(get(attributes, 'dev') ?? '?');
  }
}

function readSystemElement(name: string, stack: { name: string; busId: string | null }[], attributes: XmlAttribute[], topology: DumpedTopology): void {
  const above = [...stack].reverse().find((s) => s.name === 'pci')?.busId ?? null;
  if (name === 'cpu') topology.cpus.push({ numaId: get(attributes, 'numaid'), arch: get(attributes, 'arch'), vendor: get(attributes, 'vendor') });
  else if (name === 'pci') {
    const busId = get(attributes, 'busid');
    if (busId)
      topology.pci.push({
        busId,
        parent: above,
        linkSpeed: get(attributes, 'link_speed'),
        linkWidth: num(get(attributes, 'link_width')),
        device: null,
        cpu: stack.some((s) => s.name === 'cpu') ? topology.cpus.length - 1 : null,
      });
  } else if (name === 'gpu' || name === 'nic') {
    const own = topology.pci.find((p) => p.busId === above);
    if (own) own.device = name;
  }
  if (name === 'gpu') {
    topology.gpus.push({ rank: num(get(attributes, 'rank')), dev: num(get(attributes, 'dev')), sm: num(get(attributes, 'sm')), busId: above, nvlinks: [] });
  } else if (name === 'nvlink') {
    const gpu = topology.gpus[topology.gpus.length - 1];
    const target = get(attributes, 'target');
    if (gpu && target) gpu.nvlinks.push({ target, count: num(get(attributes, 'count')) ?? 1, targetClass: get(attributes, 'tclass') });
  } else if (name === 'net') {
    const gdr = get(attributes, 'gdr');
    topology.nics.push({
      name: get(attributes, 'name'),
      dev: num(get(attributes, 'dev')),
      speedMbps: num(get(attributes, 'speed')),
      busId: above,
      gdr: gdr === null ? null : gdr === '1',
    });
  }
}
