// How each all-reduce algorithm is drawn in the compare chart: a class that carries its colour (set in
// metrics.css, light and dark, apart from the device palette) and whether its line is dashed.

import { specOf } from '../../../core/algorithms';

/** The baselines the seeds start from (the spec's `baseline`) are dashed, so the real contenders read first. */
export function algorithmClass(algorithm: string): string {
  const dashed = specOf({ collective: 'allreduce', algorithm })?.baseline === true;
  return `gs-algo gs-algo-${algorithm.replace(/[^a-z0-9-]/gi, '')}${dashed ? ' gs-algo-dashed' : ''}`;
}
