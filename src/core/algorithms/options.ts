// Checks shared by algorithm builders; failures are user errors with the fix in the message.

import { GradsyncError } from '../errors';
import { MAX_CELLS, MAX_CHUNKS, MAX_DEVICES } from '../schedule';
import type { AlgorithmOptions } from './types';

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
export function chunksPerSegment(options: AlgorithmOptions, segments: number, algorithm: string): number {
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

/** Chunks for an algorithm that takes any chunk count. */
export function anyChunks(options: AlgorithmOptions, fallback: number): number {
  const chunks = options.chunks ?? fallback;
  checkChunkCount(chunks, options.devices);
  return chunks;
}

export function checkRoot(options: AlgorithmOptions, devices: number): number {
  const root = options.root ?? 0;
  if (!Number.isInteger(root) || root < 0 || root >= devices) {
    throw new GradsyncError('bad-argument', `root must be an integer from 0 to ${devices - 1}, got ${root}`);
  }
  return root;
}
