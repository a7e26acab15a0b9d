// How the timeline times the schedule: step by step (each step after the whole previous one, the cost
// model's) or as soon as ready (each message when its data and port are), a pair of radio buttons
// (arrow keys move between them); and the two totals side by side once both are known.

import { useId } from 'react';
import type { TimelineTiming } from '../../../store/simStore';
import { formatMicroseconds } from '../../format';

const CHOICES: readonly { value: TimelineTiming; label: string; title: string }[] = [
  { value: 'steps', label: 'step by step', title: 'every step starts when the whole previous step has ended' },
  { value: 'dataflow', label: 'as soon as ready', title: 'every message starts when the data it sends and its port are ready' },
];

export interface TimingSwitchProps {
  timing: TimelineTiming;
  onChange(timing: TimelineTiming): void;
}

export function TimingSwitch({ timing, onChange }: TimingSwitchProps) {
  const name = useId();
  return (
    <fieldset className="gs-timeline-timing">
      <legend className="gs-visually-hidden">Timing</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className={choice.value === timing ? 'gs-timeline-timing-on' : undefined} title={choice.title}>
          <input type="radio" name={name} value={choice.value} checked={choice.value === timing} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}

/** "step by step 143 µs · as soon as ready 122 µs, 15% sooner". */
export function TimingTotals({ stepTotalUs, dataflowTotalUs }: { stepTotalUs: number; dataflowTotalUs: number | null }) {
  let gain = '';
  if (dataflowTotalUs !== null && stepTotalUs > 0) {
    const saved = (1 - dataflowTotalUs / stepTotalUs) * 100;
    // Sums taken in another order may differ in the last bits: that is the same time.
    if (saved < 1e-7) gain = ', the same';
    else if (saved < 0.05) gain = ', under 0.1% sooner';
    else gain = `, ${saved.toFixed(saved < 10 ? 1 : 0)}% sooner`;
  }
  return (
    <span className="gs-timeline-totals">
      step by step <strong>{formatMicroseconds(stepTotalUs)}</strong> · as soon as ready{' '}
      {dataflowTotalUs === null ? (
        <span className="gs-timeline-totals-pending">…</span>
      ) : (
        <>
          <strong>{formatMicroseconds(dataflowTotalUs)}</strong>
          {gain}
        </>
      )}
    </span>
  );
}
