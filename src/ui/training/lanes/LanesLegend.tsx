// The key to the iteration lanes: a swatch and a name for each colour drawn (forward, backward and each
// collective the strategy runs), where any bar is merged the hatching that marks one, and the least
// width of a bar, so that a widened bar is not read as a longer operation. A narrow figure (a phone's)
// says the last two in a few words each, so the key takes two or three lines, not seven.

import { COMM_KIND_NAMES, COMM_KINDS, type CommKind } from '../../../core/training';
import { MIN_BAR_PX } from './lanesLayout';

export function LanesLegend({ kinds, merged, narrow }: { kinds: ReadonlySet<CommKind>; merged: boolean; narrow: boolean }) {
  const items: [string, string][] = [
    ['forward', 'forward'],
    ['backward', 'backward'],
    ...COMM_KINDS.filter((kind) => kinds.has(kind)).map((kind): [string, string] => [kind, COMM_KIND_NAMES[kind]]),
  ];
  return (
    <ul className="gs-train-legend" aria-label="Key">
      {items.map(([key, name]) => (
        <li key={key}>
          <span className={`gs-train-key gs-train-key--${key}`} aria-hidden="true" />
          {name}
        </li>
      ))}
      {/* Its room is kept while nothing is merged: a width measured a moment later may merge bars, and the
          lanes below must not move then. */}
      <li className={merged ? undefined : 'gs-train-legend-unused'} aria-hidden={merged ? undefined : true}>
        <span className="gs-train-key gs-train-key--merged" aria-hidden="true" />
        {narrow ? 'merged: too close to draw apart' : 'merged: operations too close together to draw apart, a band per kind (hover for which)'}
      </li>
      <li className="gs-train-legend-note">
        {narrow ? `bars at least ${MIN_BAR_PX} px wide` : `a bar is at least ${MIN_BAR_PX} px wide, wider than a shorter operation takes`}
      </li>
    </ul>
  );
}
