// The first values of the device (or of the selected chunk) beside what they should be: the
// combination of exactly the contributions their chunk holds, in float64.

import { formatCount } from '../format';
import { compare, expectElement, type Combination } from '../../core/symbolic';
import { formatDifference, formatExpected, formatValue } from './numbers';

export interface ValuesTableProps {
  values: Float32Array;
  inputs: Float32Array;
  elements: number;
  /** First element shown and how many there are to show. */
  from: number;
  count: number;
  limit: number;
  chunkOf(element: number): number;
  /** The contributions a chunk's values combine; null where nothing was written yet (an empty output). */
  termsOf(chunk: number): readonly number[] | null;
  how: Combination;
  caption: string;
  onMore(): void;
}

export function ValuesTable({ values, inputs, elements, from, count, limit, chunkOf, termsOf, how, caption, onMore }: ValuesTableProps) {
  const shown = Math.min(count, limit);
  const rows = Array.from({ length: shown }, (_, i) => {
    const element = from + i;
    const terms = termsOf(chunkOf(element));
    if (!terms) return { element, value: values[element], expected: null, difference: null };
    const expectation = expectElement(terms, inputs, elements, element, how);
    return { element, value: values[element], expected: expectation.expected, difference: compare(values[element], expectation) };
  });
  return (
    <div className="gs-values">
      <div className="gs-values-scroll">
        <table className="gs-values-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">element</th>
              <th scope="col">value</th>
              <th scope="col">expected</th>
              <th scope="col">difference</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.element} className={row.difference === null || row.difference.within ? undefined : 'gs-differs'}>
                <th scope="row">{row.element}</th>
                <td>{formatValue(row.value)}</td>
                <td>{row.expected === null ? '—' : formatExpected(row.expected)}</td>
                <td>{row.difference === null ? '—' : formatDifference(row.difference)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > shown && (
        <p className="gs-values-more">
          {formatCount(shown)} of {formatCount(count)} shown{' '}
          <button type="button" className="gs-link" onClick={onMore}>
            Show {formatCount(Math.min(64, count - shown))} more
          </button>
        </p>
      )}
    </div>
  );
}
