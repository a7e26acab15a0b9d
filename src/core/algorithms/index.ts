// Every algorithm by collective and id: the ids are what the CLI, the URL and the UI accept.

import type { CompiledSchedule } from '../schedule/compile';
import { GradsyncError } from '../errors';
import { lazySchedule } from '../schedule/flat';
import { COLLECTIVES, type Collective, type Schedule } from '../schedule/ir';
import { ringAllgather, recursiveDoublingAllgather } from './allgather';
import { binomialTreeBroadcast, ringBroadcast } from './broadcast';
import { doubleTree } from './doubleTree';
import { halvingDoubling } from './halvingDoubling';
import { hierarchicalRing } from './hierarchicalRing';
import { master } from './master';
import { naive } from './naive';
import { recursiveDoubling } from './recursiveDoubling';
import { binomialTreeReduce, ringReduce } from './reduce';
import { ringReduceScatter } from './reduceScatter';
import { ring } from './ring';
import { tree } from './tree';
import { writeAlgorithm, type AlgorithmOptions, type AlgorithmSpec } from './types';

export type { AlgorithmLayout, AlgorithmOptions, AlgorithmSpec, CostForm, TrafficFormula } from './types';
export { algorithmName } from './types';
export { binomialTreeRounds } from './broadcast';
export { btree, dtree, type TreeShape } from './btree';
export { foldPlan } from './fold';
export { checkDevicesPerNode, suggestDevicesPerNode } from './options';

export const ALGORITHMS: Record<Collective, readonly AlgorithmSpec[]> = {
  allreduce: [naive, master, ring, tree, doubleTree, hierarchicalRing, halvingDoubling, recursiveDoubling],
  'reduce-scatter': [ringReduceScatter],
  allgather: [ringAllgather, recursiveDoublingAllgather],
  broadcast: [binomialTreeBroadcast, ringBroadcast],
  reduce: [binomialTreeReduce, ringReduce],
};

/** The algorithm every front end starts from: the seeds' ring, which every collective has. */
export const DEFAULT_ALGORITHM = ring.id;

/** The pairs the front ends hold against each other, named here so that no view spells an id. */
export const MATCHUPS = {
  /** The comparison's caption: where the tree beats the ring. */
  crossover: { challenger: tree.id, incumbent: ring.id },
  /** The race's default: the seeds' single-GPU master against their ring. */
  race: [master.id, ring.id] as readonly [string, string],
  /** The reduction orders held against each other by default: NCCL's question, why ring and tree differ in the last bits. */
  order: [ring.id, doubleTree.id] as readonly [string, string],
} as const;

export function algorithmIds(collective: Collective): string[] {
  return ALGORITHMS[collective].map((spec) => spec.id);
}

/** The spec of a schedule's algorithm; undefined for a name the registry does not know (a loaded file's own). */
export function specOf(schedule: { collective: Collective; algorithm: string }): AlgorithmSpec | undefined {
  return ALGORITHMS[schedule.collective].find((spec) => spec.id === schedule.algorithm);
}

export function findAlgorithm(collective: Collective, id: string): AlgorithmSpec {
  const spec = specOf({ collective, algorithm: id });
  if (!spec) {
    const elsewhere = COLLECTIVES.filter((c) => c !== collective && ALGORITHMS[c].some((s) => s.id === id));
    const hint = elsewhere.length ? ` ('${id}' exists for the collective${elsewhere.length > 1 ? 's' : ''} ${elsewhere.join(' and ')})` : '';
    throw new GradsyncError('bad-argument', `unknown ${collective} algorithm '${id}'; choose one of ${algorithmIds(collective).join(', ')}${hint}`, {
      field: 'algorithm',
      value: id,
      allowed: `be one of the ${collective} algorithms: ${algorithmIds(collective).join(', ')}`,
      // Each front end says how to pick the collective: a flag, a URL key, a menu group.
      ...(elsewhere.length ? { allowedWith: { field: 'collective', values: elsewhere } } : {}),
    });
  }
  return spec;
}

export interface BuildRequest extends AlgorithmOptions {
  collective?: Collective;
  algorithm: string;
}

/** Builds the schedule of a named algorithm as new objects; bad options throw GradsyncError('bad-argument'). */
export function buildSchedule(request: BuildRequest): Schedule {
  const { collective = 'allreduce', algorithm, ...options } = request;
  return findAlgorithm(collective, algorithm).build(options);
}

/**
 * The same schedule in compiled form, written straight into its flat arrays: its steps make their
 * transfers into objects only when read, so two million transfers cost tens of milliseconds until a
 * view asks for them. The schedule must not be changed (buildSchedule's may).
 */
export function compileAlgorithm(request: BuildRequest): CompiledSchedule {
  const { collective = 'allreduce', algorithm, ...options } = request;
  return lazySchedule(writeAlgorithm(findAlgorithm(collective, algorithm), options));
}
