// Nelder–Mead's simplex search (Nelder & Mead 1965, the usual coefficients): a minimum of f without
// derivatives, which the min over protocols does not have everywhere. Deterministic: the same start
// gives the same answer.

export interface Minimum {
  x: number[];
  value: number;
}

const REFLECT = 1;
const EXPAND = 2;
const CONTRACT = 0.5;
const SHRINK = 0.5;

/** A minimum of f from x0, with an initial simplex of `step` along each axis. */
export function nelderMead(f: (x: readonly number[]) => number, x0: readonly number[], step: number, maxEvaluations: number): Minimum {
  const n = x0.length;
  let evaluations = 0;
  const point = (x: number[]): Minimum => {
    evaluations++;
    const value = f(x);
    return { x, value: Number.isFinite(value) ? value : Number.POSITIVE_INFINITY };
  };
  const simplex: Minimum[] = [point([...x0])];
  for (let i = 0; i < n; i++) simplex.push(point(x0.map((v, j) => (j === i ? v + step : v))));
  const along = (from: readonly number[], to: readonly number[], t: number) => from.map((v, j) => v + t * (to[j] - v));

  while (evaluations < maxEvaluations) {
    simplex.sort((a, b) => a.value - b.value);
    const best = simplex[0];
    const worst = simplex[n];
    if (worst.value - best.value <= 1e-14 * (1 + Math.abs(best.value))) break;
    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j] += simplex[i].x[j] / n;
    const reflected = point(along(centroid, worst.x, -REFLECT));
    if (reflected.value < best.value) {
      const expanded = point(along(centroid, worst.x, -EXPAND));
      simplex[n] = expanded.value < reflected.value ? expanded : reflected;
    } else if (reflected.value < simplex[n - 1].value) {
      simplex[n] = reflected;
    } else {
      const outside = reflected.value < worst.value;
      const contracted = point(along(centroid, outside ? reflected.x : worst.x, CONTRACT));
      if (contracted.value < Math.min(worst.value, reflected.value)) {
        simplex[n] = contracted;
      } else {
        for (let i = 1; i <= n; i++) simplex[i] = point(along(best.x, simplex[i].x, SHRINK));
      }
    }
  }
  simplex.sort((a, b) => a.value - b.value);
  return simplex[0];
}
