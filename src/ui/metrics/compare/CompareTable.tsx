// The compare chart's values as a table for screen readers (visually hidden).

import { formatMicroseconds } from '../../format';
import type { Series } from '../../../core/model';

export interface CompareTableProps {
  caption: string;
  xHeader: string;
  xs: readonly number[];
  series: readonly Series[];
  formatX(x: number): string;
}

export function CompareTable({ caption, xHeader, xs, series, formatX }: CompareTableProps) {
  const lookup = series.map((s) => new Map(s.points.map((p) => [p.x, p.timeUs])));
  return (
    // A table sizes itself to its content whatever its width says, so the wrapper is what is hidden.
    <div className="gs-visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{xHeader}</th>
            {series.map((s) => (
              <th key={s.algorithm} scope="col">
                {s.algorithm}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {xs.map((x) => (
            <tr key={x}>
              <th scope="row">{formatX(x)}</th>
              {lookup.map((values, i) => {
                const t = values.get(x);
                return <td key={series[i].algorithm}>{t === undefined ? '—' : formatMicroseconds(t)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
