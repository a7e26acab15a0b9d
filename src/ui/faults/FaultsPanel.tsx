// "What went wrong" for a schedule that fails its collective: first the transfer that most likely
// broke it (core/diagnosis/cause.ts), then the verdict, every chunk that ends wrong, and either the transfers that differ from the built-in it names or, with no built-in to
// compare with, how a wrong chunk was built. Every row jumps to its step; for a schedule loaded from
// text, the line its likely transfer is written on opens in the loader, marked.

import { useMemo, useState } from 'react';
import type { CellFault } from '../../core/diagnosis';
import type { ReduceOp } from '../../core/ops';
import type { Schedule } from '../../core/schedule';
import { useSim } from '../StoreContext';
import { DiffList } from './DiffList';
import { FaultList } from './FaultList';
import { causeOf, causeSource, counterpartOf, faultsOf } from './faultsOf';
import { sourceWords } from '../../core/formats';
import type { SourceMark } from '../../store/simState';
import { StepJump } from './StepJump';
import { LineageList } from './LineageList';
import { plural } from '../format';

/** Candidates listed after the most likely cause. */
const OTHERS_SHOWN = 3;

export function FaultsPanel() {
  const derived = useSim((s) => s.derived);
  const op = useSim((s) => s.config.op);
  const shown = useSim((s) => s.step);
  const seek = useSim((s) => s.seek);
  const custom = useSim((s) => s.custom);
  const showSource = useSim((s) => s.showSource);
  if (!derived || derived.verification === null || derived.verification.ok) return null;
  // The text the schedule shown was read from, if it was loaded from one.
  const text = custom?.schedule === derived.schedule ? (custom.text ?? null) : null;
  return <FaultsReport schedule={derived.schedule} text={text} op={op} shown={shown} onJump={seek} onSource={showSource} />;
}

interface FaultsReportProps {
  schedule: Schedule;
  /** The text it was read from, or null. */
  text: string | null;
  onSource(mark: SourceMark): void;
  op: ReduceOp;
  shown: number;
  onJump(step: number): void;
}

/** Earliest first: the first chunk to take its wrong value is nearest the cause. */
function bySince(a: CellFault, b: CellFault): number {
  return a.since - b.since || a.device - b.device || a.chunk - b.chunk;
}

function FaultsReport({ schedule, text, op, shown, onJump, onSource }: FaultsReportProps) {
  const faults = useMemo(() => [...faultsOf(schedule)].sort(bySince), [schedule]);
  const reference = useMemo(() => counterpartOf(schedule), [schedule]);
  const { likely, culprits, lastHeld } = useMemo(() => causeOf(schedule), [schedule]);
  // Against a built-in, the other changes are listed with the diff below: they are not alternatives.
  const others = likely?.evidence === 'contributions' ? culprits.slice(1, 1 + OTHERS_SHOWN) : [];
  const source = useMemo(() => causeSource(schedule, text), [schedule, text]);
  const [picked, setPicked] = useState<CellFault | null>(null);
  const selected = picked && faults.includes(picked) ? picked : (faults[0] ?? null);
  const count = plural(faults.length, 'chunk');
  const onPick = (fault: CellFault) => {
    setPicked(fault);
    onJump(fault.since);
  };
  return (
    <section className="gs-panel gs-faults" aria-label="What went wrong">
      <h2>What went wrong</h2>
      {likely ? (
        <StepJump step={likely.step} shown={shown} onJump={onJump} className="gs-faults-cause">
          <strong>Most likely:</strong> {likely.sentence}
          {likely.evidence === 'contributions' && <span className="gs-faults-evidence"> (from the contributions alone)</span>}
        </StepJump>
      ) : null}
      {likely && source ? (
        <p className="gs-faults-source">
          Written at {sourceWords(source)}.{' '}
          <button type="button" className="gs-link" onClick={() => onSource({ line: source.line, note: `${source.where}: ${likely.sentence}` })}>
            Show line {source.line} in the text
          </button>
        </p>
      ) : null}
      {others.length > 0 && (
        <details className="gs-faults-others">
          <summary>Also possible ({others.length})</summary>
          <ul className="gs-faults-list" aria-label="Other possible causes">
            {others.map((other) => (
              <li key={other.sentence}>
                <StepJump step={other.step} shown={shown} onJump={onJump}>
                  {other.sentence}
                </StepJump>
              </li>
            ))}
          </ul>
        </details>
      )}
      {!likely && lastHeld.length > 0 && (
        <p className="gs-faults-cause">
          <strong>Where it was lost:</strong> {lastHeld[0]}
        </p>
      )}
      <p className="gs-faults-verdict">
        <span aria-hidden="true">✗ </span>
        Not a correct {schedule.collective}: {count} end{faults.length === 1 ? 's' : ''} wrong.
      </p>
      <FaultList faults={faults} shown={shown} selected={reference ? null : selected} onPick={onPick} />
      {reference ? (
        <DiffList reference={reference} schedule={schedule} op={op} shown={shown} onJump={onJump} />
      ) : (
        selected && <LineageList schedule={schedule} fault={selected} op={op} shown={shown} onJump={onJump} />
      )}
    </section>
  );
}
