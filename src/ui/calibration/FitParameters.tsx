// The fitted parameters with their units, one row per protocol the model picks for some size, and
// which fabric they describe; a protocol picked for no size is named as not determined.

import { parameterNames, type Calibration } from '../../core/ncclTests';
import { PROTOCOLS } from '../../core/nccl';

const plain = (value: number) => Number(value.toPrecision(4)).toLocaleString('en-US', { maximumSignificantDigits: 4 });

export function FitParameters({ calibration }: { calibration: Calibration }) {
  const { fit } = calibration;
  const named = PROTOCOLS.map((protocol) => ({ protocol, names: parameterNames(protocol, fit.fabric) }));
  const fitted = named.filter(({ names }) => names.alpha in fit.parameters);
  const unused = named.filter(({ names }) => !(names.alpha in fit.parameters)).map(({ protocol }) => protocol);
  const beta = fit.fabric === 'inter' ? "β: a node's network, its NICs together" : 'β: bus bandwidth per GPU';
  return (
    <div className="gs-calibration-parameters">
      <p className="gs-calibration-note">
        Fitted: each protocol takes α + B(S) / β, the fastest wins; {fit.fabric === 'inter' ? 'the network between nodes' : 'the links within a node'}, {beta}.
      </p>
      <table>
        <caption className="gs-visually-hidden">Fitted parameters</caption>
        <thead>
          <tr>
            <th scope="col">protocol</th>
            <th scope="col">α (µs)</th>
            <th scope="col">β (GB/s)</th>
          </tr>
        </thead>
        <tbody>
          {fitted.map(({ protocol, names }) => (
            <tr key={protocol} data-protocol={protocol}>
              <th scope="row">
                <span className={`gs-calibration-swatch gs-proto-${protocol}`} aria-hidden="true" />
                {protocol}
              </th>
              <td title={names.alpha}>{plain(fit.parameters[names.alpha])}</td>
              <td title={names.beta}>{plain(fit.parameters[names.beta])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {unused.length > 0 && <p className="gs-calibration-note">{unused.join(' and ')}: picked for no size, so not determined by this log.</p>}
    </div>
  );
}
