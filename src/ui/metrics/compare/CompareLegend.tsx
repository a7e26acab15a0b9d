// The compare chart's legend doubles as its keyboard interface: each algorithm is a button that selects it.

import { algorithmClass } from './algorithmStyle';

export interface CompareLegendProps {
  algorithms: readonly string[];
  selected: string | null;
  /** Algorithms that cannot run on the current device count, with the reason. */
  unavailable: ReadonlyMap<string, string>;
  onSelect(algorithm: string): void;
}

export function CompareLegend({ algorithms, selected, unavailable, onSelect }: CompareLegendProps) {
  return (
    <ul className="gs-compare-legend" aria-label="Algorithms (select one)">
      {algorithms.map((algorithm) => {
        const why = unavailable.get(algorithm);
        return (
          <li key={algorithm}>
            <button
              type="button"
              className={`${algorithmClass(algorithm)}${algorithm === selected ? ' gs-compare-selected' : ''}`}
              aria-pressed={algorithm === selected}
              disabled={why !== undefined}
              title={why ?? `select ${algorithm}`}
              onClick={() => onSelect(algorithm)}
            >
              <svg width="22" height="10" aria-hidden="true">
                <line className="gs-compare-line" x1="1" x2="21" y1="5" y2="5" />
              </svg>
              {algorithm}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
