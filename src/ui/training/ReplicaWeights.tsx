// Every replica's weights as a row of cells (blue below zero, red above), under them the weights of
// one device trained on the whole batch and those the data was made from. Synchronized replicas are
// one picture repeated; unsynchronized ones visibly differ.

import { scaleDiverging } from 'd3-scale';
import { interpolateRdBu } from 'd3-scale-chromatic';
import { deviceColor } from '../palette';
import { deviceLabel } from '../../core/notation';

interface Row {
  name: string;
  values: ArrayLike<number>;
  color?: string;
}

export function ReplicaWeights({ weights, single, truth, devices }: { weights: Float32Array; single: Float32Array; truth: Float64Array; devices: number }) {
  const P = single.length;
  const reach = Math.max(1e-6, ...Array.from(truth, Math.abs), ...Array.from(weights, Math.abs));
  const color = scaleDiverging<string>((t) => interpolateRdBu(1 - t)).domain([-reach, 0, reach]);
  const rows: Row[] = [
    ...Array.from({ length: devices }, (_, d) => ({ name: deviceLabel(d), values: weights.subarray(d * P, (d + 1) * P), color: deviceColor(d, devices) })),
    { name: 'one device', values: single },
    { name: 'truth', values: truth },
  ];
  return (
    <table className="gs-real-weights" aria-label="Weights of every replica, of one device on the whole batch, and the truth">
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} className={row.color ? undefined : 'gs-real-weights-ref'}>
            <th scope="row">
              {row.color && <span className="gs-real-swatch" style={{ background: row.color }} aria-hidden="true" />}
              {row.name}
            </th>
            {Array.from(row.values, (value, j) => (
              <td key={j} style={{ background: color(value) }} title={`${row.name}, ${j === P - 1 ? 'bias' : `w${j + 1}`}: ${value.toPrecision(6)}`} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
