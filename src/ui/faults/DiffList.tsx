// What a loaded schedule does differently from the built-in it names: each dropped, added or changed
// transfer by step, in the seeds' notation, jumping to its step.

import { useMemo } from 'react';
import type { ReduceOp } from '../../core/ops';
import type { Schedule } from '../../core/schedule';
import { changeBody, diffSchedules } from '../../core/diagnosis';
import { formatCount, plural } from '../format';
import { StepJump } from './StepJump';

/** Changes written out; the count says how many more there are. */
const LISTED = 100;

export interface DiffListProps {
  reference: Schedule;
  schedule: Schedule;
  op: ReduceOp;
  shown: number;
  onJump(step: number): void;
}

export function DiffList({ reference, schedule, op, shown, onJump }: DiffListProps) {
  const diff = useMemo(() => diffSchedules(reference, schedule, op, LISTED), [reference, schedule, op]);
  const name = `the built-in ${reference.algorithm} on ${reference.devices} GPUs`;
  const rest = diff.total - diff.changes.length;
  return (
    <>
      <h3>
        Against {name}: {diff.total === 0 ? 'the same transfers' : `${plural(diff.total, 'transfer')} differ${diff.total === 1 ? 's' : ''}`}
      </h3>
      <ul className="gs-faults-list" aria-label={`Differences from ${name}`}>
        {diff.changes.map((change, i) => (
          <li key={i}>
            <StepJump step={change.step} shown={shown} onJump={onJump} className={`gs-faults-change--${change.kind}`}>
              <span className="gs-faults-step">step {change.step}</span>: {changeBody(change)} <span className="gs-faults-kind">— {change.kind}</span>
            </StepJump>
          </li>
        ))}
      </ul>
      {rest > 0 && <p className="gs-faults-more">… and {formatCount(rest)} more.</p>}
    </>
  );
}
