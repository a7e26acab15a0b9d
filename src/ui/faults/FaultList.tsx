// The chunks that end wrong, earliest first: each says what it lacks or holds twice, and jumps to the
// step that gave it that value.

import { type CellFault, faultNote } from '../../core/diagnosis';
import { formatCount } from '../format';
import { cellName } from './faultWords';
import { StepJump } from './StepJump';

/** Rows drawn; the count says how many more there are. */
const LISTED = 64;

export interface FaultListProps {
  faults: readonly CellFault[];
  shown: number;
  /** The fault whose lineage is shown, when the panel shows one. */
  selected: CellFault | null;
  onPick(fault: CellFault): void;
}

export function FaultList({ faults, shown, selected, onPick }: FaultListProps) {
  const rest = faults.length - LISTED;
  return (
    <>
      <ul className="gs-faults-list" aria-label="Chunks that end wrong">
        {faults.slice(0, LISTED).map((fault) => (
          <li key={`${fault.device}:${fault.chunk}`}>
            <StepJump
              step={fault.since}
              shown={shown}
              onJump={() => onPick(fault)}
              title={
                fault.since === 0
                  ? `${cellName(fault.device, fault.chunk)} holds its input from the start`
                  : `Show step ${fault.since}, which gave ${cellName(fault.device, fault.chunk)} this value`
              }
              pressed={selected ? selected === fault : undefined}
              className="gs-faults-cell"
            >
              <span className="gs-faults-where">{cellName(fault.device, fault.chunk)}</span> <span className="gs-faults-what">{faultNote(fault)}</span>
              <span className="gs-faults-step">{fault.since === 0 ? 'from the start' : `from step ${fault.since}`}</span>
            </StepJump>
          </li>
        ))}
      </ul>
      {rest > 0 && <p className="gs-faults-more">… and {formatCount(rest)} more.</p>}
    </>
  );
}
