// The seeds' formulas with this run's G and N filled in, beside the counted totals and a ✓ when they agree.

import type { Schedule } from '../../../core/schedule';
import type { TrafficCounts } from '../../../core/model';
import { formatElements, formulaReport, type Check } from './formulas';

const MARKS: Record<Check, { mark: string; words: string }> = {
  match: { mark: '✓', words: 'matches the count' },
  mismatch: { mark: '✗', words: 'does not match the count' },
  approx: { mark: '≈', words: 'matches up to rounding' },
  bound: { mark: '≥', words: 'is a lower bound' },
};

export function FormulaChecks({ schedule, traffic }: { schedule: Schedule; traffic: TrafficCounts }) {
  const report = formulaReport(schedule, traffic);
  return (
    <div className="gs-formulas">
      <p className="gs-formulas-legend">
        G = {schedule.devices} devices, N = {formatElements(traffic.elements)} elements per device
      </p>
      <ul>
        {report.lines.map((line) => (
          <li key={line.formula} className={`gs-formula gs-formula-${line.check}`}>
            <span className="gs-formula-scope">{line.scope}</span>
            <code className="gs-formula-math">
              {line.formula} = {line.substituted} = <strong>{formatElements(line.expected)}</strong> elements
            </code>
            <span className="gs-formula-counted">
              {line.check === 'bound' ? 'busiest' : 'counted'} {line.counted}
            </span>
            <span className="gs-formula-check" role="img" aria-label={`formula ${MARKS[line.check].words}`} title={MARKS[line.check].words}>
              {MARKS[line.check].mark}
            </span>
            {line.note && <span className="gs-formula-note">{line.note}</span>}
          </li>
        ))}
      </ul>
      {report.note && <p className="gs-formula-note">{report.note}</p>}
    </div>
  );
}
