// How each all-reduce algorithm is drawn in the compare chart: a class that carries its colour (set in
// metrics.css, light and dark, apart from the device palette) and whether its line is dashed.

/** The baselines the seeds start from are dashed, so the real contenders read first. */
const DASHED = new Set(['naive', 'master']);

export function algorithmClass(algorithm: string): string {
  return `gs-algo gs-algo-${algorithm.replace(/[^a-z0-9-]/gi, '')}${DASHED.has(algorithm) ? ' gs-algo-dashed' : ''}`;
}
