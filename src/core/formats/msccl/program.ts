// An MSCCL algorithm as its XML states it (<algo> › <gpu> › <tb> › <step>), the form both the
// importer reads into and the exporter writes from. Attribute names and meanings are RCCL's and
// msccl-tools' (docs/msccl-xml.md §1). This file is also the one home of what the reader, the
// checks, the importer and the exporter must agree on: how MSCCL's names of collectives and buffers
// map to gradsync's, what each step type does, and RCCL's limits (docs/msccl-xml.md §5).

import type { BufferName, Collective } from '../../schedule/ir';

/** Step types (docs/msccl-xml.md §3). */
export const MSCCL_STEP_TYPES = ['s', 'r', 'rcs', 'rrs', 'rrc', 'rrcs', 'cpy', 're', 'nop'] as const;
export type MscclStepType = (typeof MSCCL_STEP_TYPES)[number];

/** The gradsync buffer each of MSCCL's buffer letters names: input, output and scratch. */
export const BUFFER_OF_LETTER = { i: 'input', o: 'output', s: 'scratch' } as const satisfies Record<string, BufferName>;
export type MscclBuffer = keyof typeof BUFFER_OF_LETTER;
export const MSCCL_BUFFERS = Object.keys(BUFFER_OF_LETTER) as MscclBuffer[];
/** The letter of each gradsync buffer. */
export const LETTER_OF_BUFFER = inverse(BUFFER_OF_LETTER);

/**
 * The collectives gradsync reads and writes: MSCCL's name of each, and gradsync's. The map's values
 * are every Collective, so the exporter's lookup of a schedule's collective fails to compile if
 * gradsync gains one MSCCL has no name for here.
 */
export const GRADSYNC_COLLECTIVE_OF = {
  allreduce: 'allreduce',
  allgather: 'allgather',
  reducescatter: 'reduce-scatter',
  broadcast: 'broadcast',
  reduce: 'reduce',
} as const satisfies Record<string, Collective>;
export type MscclCollective = keyof typeof GRADSYNC_COLLECTIVE_OF;
export const MSCCL_COLLECTIVES = Object.keys(GRADSYNC_COLLECTIVE_OF) as MscclCollective[];
/** MSCCL's name of each gradsync collective. */
export const MSCCL_COLLECTIVE_OF = inverse(GRADSYNC_COLLECTIVE_OF);

export const MSCCL_PROTOCOLS = ['Simple', 'LL128', 'LL'] as const;

/** RCCL's MAXCHANNELS (src/include/device.h): both channel limits below are stated by it. */
const MAXCHANNELS = 128;

/** RCCL's limits (docs/msccl-xml.md §5), and the one gradsync sets itself (steps). */
export const MSCCL_LIMITS = {
  /**
   * Steps (nops included) a threadblock may have, s 0..255: what gradsync reads and the most the
   * exporter can be asked for. The NCCL MSCCL executor can be built with more steps than RCCL's.
   */
  steps: 256,
  /** RCCL's MSCCL_MAX_NUM_STEPS: steps its executor takes per threadblock, and the exporter's default. */
  rcclSteps: 64,
  /** The largest cnt of a step: RCCL's MSCCL_MAX_COUNT is 72 and a cnt must stay below it. */
  maxCount: 71,
  /** RCCL's MSCCL_MAX_NUM_THREAD_BLOCKS: threadblocks of one GPU, ids 0..63. */
  threadblocks: 64,
  /**
   * RCCL's MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL: threadblocks of one GPU that send on one channel,
   * and as many again that receive on it.
   */
  threadblocksPerChannel: 32,
  /**
   * The most channels an algorithm may have: nchannels is 1..128 (MAXCHANNELS), and RCCL connects
   * channels 0..nchannels − 1 only, so the channels a program can use are 0..127.
   */
  channels: MAXCHANNELS,
  /**
   * The largest `chan` RCCL's parser accepts: it refuses only chan > MAXCHANNELS, one more than any
   * channel it connects. The reader accepts what RCCL's parser accepts, so chan="128" reads; the
   * exporter writes channels below `channels` only.
   */
  maxChan: MAXCHANNELS,
  /** RCCL's MSCCL_MAX_REDUCE_FUSION: a threadblock's running count of `re` steps that ends a fused chain. */
  reduceFusion: 16,
  /** RCCL's MAX_NODES: XML nodes its parser keeps for one rank (<algo>, every <gpu>, that rank's <tb> and <step>). */
  parserNodes: 4096,
} as const;

export interface MscclStep {
  s: number;
  type: MscclStepType;
  srcbuf: MscclBuffer;
  srcoff: number;
  dstbuf: MscclBuffer;
  dstoff: number;
  cnt: number;
  /** Threadblock of the same GPU this step waits for, or -1. */
  depid: number;
  /** Step `s` of that threadblock, or -1. */
  deps: number;
  /** 1 when another threadblock may wait on this step. */
  hasdep: 0 | 1;
}

export interface MscclThreadblock {
  id: number;
  /** Peer this threadblock sends to, or -1. */
  send: number;
  /** Peer it receives from, or -1. */
  recv: number;
  chan: number;
  steps: MscclStep[];
}

export interface MscclGpu {
  id: number;
  i_chunks: number;
  o_chunks: number;
  s_chunks: number;
  threadblocks: MscclThreadblock[];
}

export interface MscclAlgo {
  name: string;
  proto: (typeof MSCCL_PROTOCOLS)[number];
  nchannels: number;
  nchunksperloop: number;
  ngpus: number;
  coll: MscclCollective;
  inplace: 0 | 1;
  outofplace: 0 | 1;
  minBytes: number;
  maxBytes: number;
  gpus: MscclGpu[];
}

// What each step type does (docs/msccl-xml.md §3).

/** Step types that send to the threadblock's `send` peer, and those that receive from its `recv` peer. */
export function sends(type: MscclStepType): boolean {
  return type === 's' || type === 'rcs' || type === 'rrs' || type === 'rrcs';
}

export function receives(type: MscclStepType): boolean {
  return type === 'r' || type === 'rcs' || type === 'rrs' || type === 'rrc' || type === 'rrcs';
}

/** Whether a step type reads its src place locally (s, rrs, rrc, rrcs, cpy, re). */
export function readsSource(type: MscclStepType): boolean {
  return type === 's' || type === 'rrs' || type === 'rrc' || type === 'rrcs' || type === 'cpy' || type === 're';
}

/** Whether a step type writes its dst place (r, rcs, rrc, rrcs, cpy, re; rrs stores nothing). */
export function writesDestination(type: MscclStepType): boolean {
  return type === 'r' || type === 'rcs' || type === 'rrc' || type === 'rrcs' || type === 'cpy' || type === 're';
}

/** GPUs or threadblocks in the order of their ids. */
export function byId<T extends { id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

/** The inverse of a one-to-one map. */
function inverse<K extends string, V extends string>(map: Readonly<Record<K, V>>): Readonly<Record<V, K>> {
  return Object.fromEntries(Object.entries<V>(map).map(([key, value]) => [value, key])) as Record<V, K>;
}
