// Every algorithm by collective and id: the ids are what the CLI, the URL and the UI accept.

import { GradsyncError } from '../errors';
import { COLLECTIVES, type Collective, type Schedule } from '../schedule';
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
import type { AlgorithmOptions, AlgorithmSpec } from './types';

export type { AlgorithmOptions, AlgorithmSpec } from './types';

export const ALGORITHMS: Record<Collective, readonly AlgorithmSpec[]> = {
  allreduce: [naive, master, ring, tree, doubleTree, hierarchicalRing, halvingDoubling, recursiveDoubling],
  'reduce-scatter': [ringReduceScatter],
  allgather: [ringAllgather, recursiveDoublingAllgather],
  broadcast: [binomialTreeBroadcast, ringBroadcast],
  reduce: [binomialTreeReduce, ringReduce],
};

export function algorithmIds(collective: Collective): string[] {
  return ALGORITHMS[collective].map((spec) => spec.id);
}

export function findAlgorithm(collective: Collective, id: string): AlgorithmSpec {
  const spec = ALGORITHMS[collective].find((candidate) => candidate.id === id);
  if (!spec) {
    const elsewhere = COLLECTIVES.filter((c) => c !== collective && ALGORITHMS[c].some((s) => s.id === id));
    const hint = elsewhere.length ? ` ('${id}' exists for the collective${elsewhere.length > 1 ? 's' : ''} ${elsewhere.join(' and ')})` : '';
    throw new GradsyncError(
      'bad-argument',
      `unknown ${collective} algorithm '${id}'; choose one of ${algorithmIds(collective).join(', ')}${hint}`,
      {
        field: 'algorithm',
        value: id,
        allowed: `be one of the ${collective} algorithms: ${algorithmIds(collective).join(', ')}`,
        // Each front end says how to pick the collective: a flag, a URL key, a menu group.
        ...(elsewhere.length ? { allowedWith: { field: 'collective', values: elsewhere } } : {}),
      },
    );
  }
  return spec;
}

export interface BuildRequest extends AlgorithmOptions {
  collective?: Collective;
  algorithm: string;
}

/** Builds the schedule of a named algorithm; bad options throw GradsyncError('bad-argument'). */
export function buildSchedule(request: BuildRequest): Schedule {
  const { collective = 'allreduce', algorithm, ...options } = request;
  return findAlgorithm(collective, algorithm).build(options);
}
