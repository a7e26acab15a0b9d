// Checks shared by algorithm builders; failures are user errors with the fix in the message.

import { GradsyncError } from '../errors';
import { MAX_CELLS, MAX_CHUNKS, MAX_DEVICES } from '../schedule/ir';
import { algorithmName, type AlgorithmOptions, type AlgorithmSpec, type ChunkRule } from './types';

export function checkDevices(options: AlgorithmOptions): number {
  const { devices } = options;
  if (!Number.isInteger(devices) || devices < 1 || devices > MAX_DEVICES) {
    throw new GradsyncError('bad-argument', `devices must be an integer from 1 to ${MAX_DEVICES}, got ${devices}`);
  }
  return devices;
}

function checkChunkCount(chunks: number, devices: number): void {
  if (!Number.isInteger(chunks) || chunks < 1 || chunks > MAX_CHUNKS) {
    throw new GradsyncError('bad-argument', `chunks must be an integer from 1 to ${MAX_CHUNKS}, got ${chunks}`);
  }
  if (devices * chunks > MAX_CELLS) {
    throw new GradsyncError(
      'too-large',
      `devices × chunks must be at most ${MAX_CELLS.toLocaleString('en-US')}, got ${devices} × ${chunks}; use fewer devices or chunks`,
    );
  }
}

/** Chunks for an algorithm whose natural unit is `segments` segments: any positive multiple of it. */
function chunksPerSegment(options: AlgorithmOptions, segments: number, algorithm: string): number {
  const chunks = options.chunks ?? segments;
  checkChunkCount(chunks, options.devices);
  if (chunks % segments !== 0) {
    throw new GradsyncError(
      'bad-argument',
      `${algorithm} splits the buffer into ${segments} segments, so chunks must be a multiple of ${segments}, got ${chunks}`,
    );
  }
  return chunks / segments;
}

/** The rule of algorithms that give each device one segment of the buffer (ring and its kin). */
export const SEGMENT_PER_DEVICE: ChunkRule = { kind: 'segments', segments: (devices) => devices };

/** Chunks for an algorithm that takes any chunk count. */
function anyChunks(options: AlgorithmOptions, fallback: number): number {
  const chunks = options.chunks ?? fallback;
  checkChunkCount(chunks, options.devices);
  return chunks;
}

export interface ChunkSplit {
  chunks: number;
  /** Chunks per segment (all of them for an algorithm that takes any count): segment s is chunks [s·perSegment, (s+1)·perSegment). */
  perSegment: number;
}

/** The chunks an algorithm runs with under its rule (ChunkRule); a count the rule rejects throws GradsyncError. */
export function chunksOf(spec: Pick<AlgorithmSpec, 'id' | 'collective' | 'chunks'>, options: AlgorithmOptions): ChunkSplit {
  const rule = spec.chunks;
  if (rule.kind === 'any') {
    const chunks = anyChunks(options, rule.fallback);
    return { chunks, perSegment: chunks };
  }
  const segments = rule.segments(options.devices);
  const perSegment = chunksPerSegment(options, segments, algorithmName(spec));
  return { chunks: segments * perSegment, perSegment };
}

/** The most devices per node suggested: the GPUs of one server. */
const SERVER_GPUS = 8;

/**
 * Devices per node for N devices when none that divides N is given: the largest divisor of N up to
 * 8 (the GPUs of one server) that still makes at least 2 nodes, else 1 (N prime: N nodes of 1).
 * 4 → 2, 6 → 3, 8 → 4, 12 → 6, 16 → 8, 1024 → 8.
 */
export function suggestDevicesPerNode(devices: number): number {
  for (let g = Math.min(SERVER_GPUS, Math.floor(devices / 2)); g > 1; g--) if (devices % g === 0) return g;
  return 1;
}

/** The divisors of n worth naming in a message: all when there are few, else none. */
function fewDivisors(n: number): number[] | null {
  const divisors: number[] = [];
  for (let d = 1; d <= n && divisors.length <= 6; d++) if (n % d === 0) divisors.push(d);
  return divisors.length <= 6 ? divisors : null;
}

function orList(values: number[]): string {
  return values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/** Devices per node for an algorithm built over nodes: it must divide the device count. */
export function checkDevicesPerNode(perNode: number | undefined, devices: number, algorithm: string): number {
  if (perNode !== undefined && Number.isInteger(perNode) && perNode >= 1 && devices % perNode === 0) return perNode;
  const suggestion = suggestDevicesPerNode(devices);
  const divisors = fewDivisors(devices);
  const noun = devices === 1 ? 'device' : 'devices';
  throw new GradsyncError(
    'bad-argument',
    `${algorithm} needs devices per node G dividing the device count N, got ${perNode === undefined ? 'none' : `G = ${perNode}`} for N = ${devices}; try G = ${suggestion}`,
    {
      field: 'devicesPerNode',
      ...(perNode === undefined ? {} : { value: perNode }),
      allowed: `divide the ${devices.toLocaleString('en-US')} ${noun}${divisors ? `: ${orList(divisors)}` : `, such as ${suggestion}`}`,
    },
  );
}

export function checkRoot(options: AlgorithmOptions, devices: number): number {
  const root = options.root ?? 0;
  if (!Number.isInteger(root) || root < 0 || root >= devices) {
    throw new GradsyncError('bad-argument', `root must be an integer from 0 to ${devices - 1}, got ${root}`);
  }
  return root;
}
