// An MSCCL algorithm as its XML states it (<algo> › <gpu> › <tb> › <step>), the form both the
// importer reads into and the exporter writes from. Attribute names and meanings are RCCL's and
// msccl-tools' (docs/msccl-xml.md §1).

/** Step types (docs/msccl-xml.md §3). */
export const MSCCL_STEP_TYPES = ['s', 'r', 'rcs', 'rrs', 'rrc', 'rrcs', 'cpy', 're', 'nop'] as const;
export type MscclStepType = (typeof MSCCL_STEP_TYPES)[number];

/** Input, output and scratch. */
export const MSCCL_BUFFERS = ['i', 'o', 's'] as const;
export type MscclBuffer = (typeof MSCCL_BUFFERS)[number];

/** Collectives gradsync reads and writes, by their MSCCL names. */
export const MSCCL_COLLECTIVES = ['allreduce', 'allgather', 'reducescatter', 'broadcast', 'reduce'] as const;
export type MscclCollective = (typeof MSCCL_COLLECTIVES)[number];

export const MSCCL_PROTOCOLS = ['Simple', 'LL128', 'LL'] as const;

/**
 * Limits. RCCL's executor takes at most 64 steps per threadblock (MSCCL_MAX_NUM_STEPS); the NCCL
 * MSCCL executor can be built with more, and gradsync reads up to 256. `cnt` must stay below 72
 * (MSCCL_MAX_COUNT); a GPU has at most 64 threadblocks and a channel id is at most 128.
 */
export const MSCCL_LIMITS = {
  steps: 256,
  rcclSteps: 64,
  countBelow: 72,
  threadblocks: 64,
  maxChannel: 128,
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

/** Step types that send to the threadblock's `send` peer, and those that receive from its `recv` peer. */
export function sends(type: MscclStepType): boolean {
  return type === 's' || type === 'rcs' || type === 'rrs' || type === 'rrcs';
}

export function receives(type: MscclStepType): boolean {
  return type === 'r' || type === 'rcs' || type === 'rrs' || type === 'rrc' || type === 'rrcs';
}
