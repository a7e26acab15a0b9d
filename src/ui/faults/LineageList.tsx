// For a schedule with no built-in to compare with: how one wrong chunk was built, write by write, and
// where the contributions it lacks stopped travelling — the gap sits between the two.

import { useMemo } from 'react';
import { type CellFault, lastCarried, lineageOf } from '../../core/diagnosis';
import { members } from '../../core/symbolic';
import type { ReduceOp } from '../../core/ops';
import type { Schedule } from '../../core/schedule';
import { formatCount } from '../format';
import { carriedLine, cellName, linkBody } from './faultWords';
import { StepJump } from './StepJump';

/** Writes listed; beyond them the count says how many more fed the value. */
const LISTED = 100;
/** Missing contributions followed; each needs a replay of the chunk. */
const FOLLOWED = 8;

export interface LineageListProps {
  schedule: Schedule;
  fault: CellFault;
  op: ReduceOp;
  shown: number;
  onJump(step: number): void;
}

export function LineageList({ schedule, fault, op, shown, onJump }: LineageListProps) {
  const { device, chunk, slot } = fault;
  const links = useMemo(() => lineageOf(schedule, device, slot, op), [schedule, device, slot, op]);
  const stops = useMemo(() => {
    const lacking = members(fault.missing).slice(0, FOLLOWED);
    return lacking.length > 0 ? lastCarried(schedule, chunk, lacking, op) : [];
  }, [schedule, fault, chunk, op]);
  const name = cellName(device, chunk);
  const rest = links.length - LISTED;
  return (
    <>
      <h3>How {name} was built</h3>
      {links.length === 0 ? (
        <p className="gs-faults-note">No transfer ever wrote it: it still holds its input.</p>
      ) : (
        <ol className="gs-faults-list" aria-label={`Transfers that built ${name}`}>
          {links.slice(0, LISTED).map((link, i) => (
            <li key={i}>
              <StepJump step={link.step} shown={shown} onJump={onJump}>
                <span className="gs-faults-step">step {link.step}</span>: {linkBody(link)}
              </StepJump>
            </li>
          ))}
        </ol>
      )}
      {rest > 0 && <p className="gs-faults-more">… and {formatCount(rest)} more.</p>}
      {stops.length > 0 && (
        <>
          <h3>Where what it lacks stopped</h3>
          <ul className="gs-faults-list" aria-label={`Where what ${name} lacks stopped`}>
            {stops.map((stop) => (
              <li key={`${stop.step}:${stop.device}:${stop.place ?? ''}`}>
                <StepJump step={stop.step} shown={shown} onJump={onJump} className="gs-faults-change--missing">
                  {carriedLine(stop, chunk, schedule.devices)}
                </StepJump>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
