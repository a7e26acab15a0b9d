// Which transfers must read from a snapshot. A message is the source chunk as it stood at the start
// of the step; applying transfers in place in listed order gives exactly that unless an earlier
// transfer of the same step already wrote the source (dst, chunk). Only those are copied to the wire
// first, so ring and tree steps run fully in place.

import type { CompiledSchedule } from '../core/compile';

export function snapshotFlags(compiled: CompiledSchedule): Uint8Array {
  const { stepStart, src, dst, chunk, chunks, devices, steps } = compiled;
  const flags = new Uint8Array(src.length);
  const cells = devices * chunks;
  const stamp = cells <= 1 << 24 ? new Int32Array(cells) : null;
  for (let s = 0; s < steps; s++) {
    const written = stamp ? null : new Set<number>();
    for (let t = stepStart[s]; t < stepStart[s + 1]; t++) {
      const read = src[t] * chunks + chunk[t];
      if (stamp ? stamp[read] === s + 1 : written!.has(read)) flags[t] = 1;
      const write = dst[t] * chunks + chunk[t];
      if (stamp) stamp[write] = s + 1;
      else written!.add(write);
    }
  }
  return flags;
}
