// A step's traffic as links: every (source, destination) pair that moves chunks in it, with how many,
// in the lane (the tree) that carries them. The aggregate view paints them as a heat: which links are
// busy this step, and how busy against the busiest. Read from the compiled arrays (naive's one step on
// 1024 devices is a million transfers) through a scratch index kept per schedule.

import type { CompiledSchedule } from '../../../core/schedule';

export interface LinkHeat {
  /** Links that move anything in the step. */
  busy: number;
  /** The most chunks one link moves in the step, and the fewest. */
  most: number;
  least: number;
  /** Chunks the step moves in all. */
  chunks: number;
  /** The links drawn (all, or an even spread of at most MAX_DRAWN): ends, lane and chunks moved. */
  src: Int32Array;
  dst: Int32Array;
  lane: Uint8Array;
  load: Int32Array;
}

/** Most links drawn per step and lane: every link of a ring or a tree of 1024 devices. */
const MAX_DRAWN = 1024;
/** Steps whose heat is kept per schedule. */
const KEPT = 64;

/** A step that moves nothing (the start). */
export const NO_HEAT: LinkHeat = {
  busy: 0,
  most: 0,
  least: 0,
  chunks: 0,
  src: new Int32Array(0),
  dst: new Int32Array(0),
  lane: new Uint8Array(0),
  load: new Int32Array(0),
};

interface Kept {
  /** Per (lane, src, dst): 1 + the link's place among the step's links, while a step is read; else 0. */
  index: Int32Array;
  lanes: number;
  steps: Map<number, LinkHeat>;
}

const scratch = new WeakMap<CompiledSchedule, Kept>();

function keptFor(compiled: CompiledSchedule, lanes: number): Kept {
  let kept = scratch.get(compiled);
  if (!kept || kept.lanes !== lanes) {
    kept = { index: new Int32Array(compiled.devices * compiled.devices * lanes), lanes, steps: new Map() };
    scratch.set(compiled, kept);
  }
  return kept;
}

/** The heat of step `step` (0-based); `laneOfChunk` says which lane carries each chunk (null: one lane). */
export function stepHeat(compiled: CompiledSchedule, step: number, laneOfChunk: Uint8Array | null): LinkHeat {
  if (step < 0 || step >= compiled.steps) return NO_HEAT;
  const lanes = laneOfChunk ? Math.max(1, ...laneOfChunk) + 1 : 1;
  const kept = keptFor(compiled, lanes);
  const known = kept.steps.get(step);
  if (known) return known;
  const { src, dst, chunk, stepStart, devices } = compiled;
  const { index } = kept;
  const begin = stepStart[step];
  const count = stepStart[step + 1] - begin;
  const keys = new Int32Array(count);
  const loads = new Int32Array(count);
  let busy = 0;
  for (let t = begin; t < begin + count; t++) {
    const lane = laneOfChunk ? laneOfChunk[chunk[t]] : 0;
    const key = (lane * devices + src[t]) * devices + dst[t];
    const at = index[key];
    if (at === 0) {
      keys[busy] = key;
      loads[busy] = 1;
      index[key] = ++busy;
    } else loads[at - 1]++;
  }
  let most = 0;
  let least = Infinity;
  for (let i = 0; i < busy; i++) {
    index[keys[i]] = 0;
    most = Math.max(most, loads[i]);
    least = Math.min(least, loads[i]);
  }
  const drawn = Math.min(busy, MAX_DRAWN * lanes);
  const heat: LinkHeat = {
    busy,
    most,
    least,
    chunks: count,
    src: new Int32Array(drawn),
    dst: new Int32Array(drawn),
    lane: new Uint8Array(drawn),
    load: new Int32Array(drawn),
  };
  for (let j = 0; j < drawn; j++) {
    const i = Math.floor((j * busy) / drawn);
    const key = keys[i];
    heat.dst[j] = key % devices;
    heat.src[j] = Math.floor(key / devices) % devices;
    heat.lane[j] = Math.floor(key / (devices * devices));
    heat.load[j] = loads[i];
  }
  if (kept.steps.size >= KEPT) kept.steps.clear();
  kept.steps.set(step, heat);
  return heat;
}
