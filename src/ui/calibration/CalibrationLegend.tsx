// The comparison's key: the protocols' colours, and what the marks are.

import type { Protocol } from '../../core/nccl';

export function CalibrationLegend({ protocols, inPlace }: { protocols: readonly Protocol[]; inPlace: boolean }) {
  return (
    <ul className="gs-calibration-legend" aria-label="Key">
      {protocols.map((protocol) => (
        <li key={protocol}>
          <span className={`gs-calibration-swatch gs-proto-${protocol}`} aria-hidden="true" />
          {protocol}
        </li>
      ))}
      <li>
        <span className="gs-calibration-key-point" aria-hidden="true" />
        measured, out-of-place
      </li>
      {inPlace && (
        <li>
          <span className="gs-calibration-key-hollow" aria-hidden="true" />
          in-place
        </li>
      )}
      <li>
        <span className="gs-calibration-key-thin" aria-hidden="true" />
        each protocol's line
      </li>
      <li>
        <span className="gs-calibration-key-bold" aria-hidden="true" />
        the model: the fastest protocol
      </li>
    </ul>
  );
}
