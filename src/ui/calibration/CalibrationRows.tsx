// Every row of the log against the model, as a table: the chart's points for a screen reader, and
// for anyone who wants the figures (collapsed until opened; it scrolls inside itself on a phone).

import { formatBytes, formatCount, formatMicroseconds } from '../format';
import type { RowPoint } from './calibrationView';
import { formatBusbw, formatError } from './rowWords';

export function CalibrationRows({ points }: { points: readonly RowPoint[] }) {
  return (
    <details className="gs-calibration-rows">
      <summary>The {points.length} rows: measured, model, error</summary>
      <div className="gs-calibration-rows-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">size</th>
              <th scope="col">measured</th>
              <th scope="col">busbw</th>
              <th scope="col">model</th>
              <th scope="col">error</th>
              <th scope="col">protocol</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.index}>
                <th scope="row" title={`${formatCount(p.bytes)} B, line ${p.line} of the log`}>
                  {formatBytes(p.bytes)}
                </th>
                <td>{formatMicroseconds(p.measuredUs)}</td>
                <td>{formatBusbw(p.busbwGBs)}</td>
                <td>{formatMicroseconds(p.modelUs)}</td>
                <td>{formatError(p.errorPct)}</td>
                <td>{p.protocol}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
