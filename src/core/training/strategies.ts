// How each data-parallel strategy keeps a model's state and what it moves each iteration, as the
// ZeRO paper counts them (Rajbhandari et al. 2020, §3.1 and §7): mixed-precision Adam holds 2 bytes
// of fp16 parameters, 2 of fp16 gradients and 12 of optimizer state (fp32 parameters, momentum and
// variance) per parameter. DDP replicates all three; ZeRO-1 shards the optimizer state across the N
// devices, ZeRO-2 the gradients too, ZeRO-3 (FSDP) the parameters too. A parameter server keeps the
// optimizer on its K servers; the workers hold parameters and gradients.
//
// Bytes moved are the bandwidth-optimal volumes per device of each collective on a buffer of B
// bytes: an all-reduce sends 2·(N−1)/N·B, a reduce-scatter or an all-gather (N−1)/N·B (what a ring
// moves). DDP all-reduces the gradients; ZeRO-1 and -2 reduce-scatter them and all-gather the updated
// parameters (the same bytes as DDP); ZeRO-3 also all-gathers the parameters before backward (1.5×
// DDP's). A worker of a parameter server sends its gradients and receives the parameters, B each way,
// and each of the K servers receives N·B/K: its port, not the workers', is what limits it.

export const STRATEGIES = ['ddp', 'zero1', 'zero2', 'zero3', 'ps'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const STRATEGY_NAMES: Readonly<Record<Strategy, string>> = {
  ddp: 'DDP',
  zero1: 'ZeRO-1',
  zero2: 'ZeRO-2',
  zero3: 'ZeRO-3 (FSDP)',
  ps: 'parameter server',
};

/** Bytes per parameter of each kind of state, mixed-precision Adam. */
export const STATE_BYTES = { params: 2, grads: 2, optimizer: 12 } as const;

export interface DeviceMemory {
  params: number;
  grads: number;
  optimizer: number;
  total: number;
}

/** Which kinds of state a strategy divides across the N devices. */
const SHARDED: Readonly<Record<Strategy, readonly (keyof typeof STATE_BYTES)[]>> = {
  ddp: [],
  zero1: ['optimizer'],
  zero2: ['optimizer', 'grads'],
  zero3: ['optimizer', 'grads', 'params'],
  ps: [],
};

/** Bytes of model state on each of N devices (for a parameter server, on each worker). */
export function memoryPerDevice(strategy: Strategy, params: number, devices: number): DeviceMemory {
  const part = (kind: keyof typeof STATE_BYTES) => {
    if (strategy === 'ps' && kind === 'optimizer') return 0;
    const bytes = STATE_BYTES[kind] * params;
    return SHARDED[strategy].includes(kind) ? bytes / devices : bytes;
  };
  const memory = { params: part('params'), grads: part('grads'), optimizer: part('optimizer') };
  return { ...memory, total: memory.params + memory.grads + memory.optimizer };
}

/** Bytes of optimizer state (and fp32 parameters) on each of a parameter server's K servers. */
export function serverMemory(params: number, servers: number): number {
  return (STATE_BYTES.optimizer * params) / servers;
}

export interface CommBytes {
  allreduce: number;
  reduceScatter: number;
  allgather: number;
  /** A worker's gradients to the parameter servers (it receives the parameters back, as many bytes). */
  push: number;
  total: number;
}

/** Bytes each device sends per iteration, by collective (see the head of this file); it receives as many. */
export function commBytesPerDevice(strategy: Strategy, params: number, devices: number): CommBytes {
  const buffer = STATE_BYTES.grads * params;
  const share = devices > 1 ? ((devices - 1) / devices) * buffer : 0;
  const bytes = { allreduce: 0, reduceScatter: 0, allgather: 0, push: 0 };
  if (strategy === 'ddp') bytes.allreduce = 2 * share;
  else if (strategy === 'zero1' || strategy === 'zero2') Object.assign(bytes, { reduceScatter: share, allgather: share });
  else if (strategy === 'zero3') Object.assign(bytes, { reduceScatter: share, allgather: 2 * share });
  else bytes.push = buffer;
  return { ...bytes, total: bytes.allreduce + bytes.reduceScatter + bytes.allgather + bytes.push };
}
