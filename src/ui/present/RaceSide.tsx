// One lane of the race: the algorithm's name, the step under way on the shared clock (the one whose
// messages its picture shows), when it finishes, and its devices animating from its own store.

import { totalSteps } from '../../store/simStore';
import { DevicesView } from '../devices/DevicesView';
import { formatMicroseconds } from '../format';
import { SimProvider, useSim } from '../StoreContext';
import type { SideStage } from './raceClock';
import type { ClockSide } from './raceFlight';
import { raceStepLabel } from './raceStepLabel';

export interface RaceSideProps {
  side: ClockSide;
  algorithm: string;
  /** Where the side is at the clock's time. */
  at: SideStage;
  finishUs: number;
  /** 1 for the winner, 2 for the other; 0 for a tie. */
  place: number;
}

export function RaceSide(props: RaceSideProps) {
  return (
    <SimProvider store={props.side.store}>
      <RaceLane {...props} />
    </SimProvider>
  );
}

function RaceLane({ algorithm, at, finishUs, place }: RaceSideProps) {
  const steps = useSim(totalSteps);
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const { lead, count, tail, aside } = raceStepLabel(at, steps, (step) => schedule?.steps[step]?.phase ?? '');
  const done = at.stage === 'done';
  return (
    <section className={`gs-race-side${done ? ' gs-race-side--done' : ''}`} aria-label={`${algorithm} lane`}>
      <header className="gs-race-side-head">
        <h2 className="gs-race-name">{algorithm}</h2>
        <p className="gs-race-step" data-testid="race-step">
          {lead}
          {count && <strong>{count}</strong>}
          {tail}
        </p>
        <span className="gs-race-phase">{aside && `· ${aside}`}</span>
        <p className="gs-race-finish">
          {done ? (
            <span className={`gs-race-badge gs-race-badge--${place === 1 ? 'first' : place === 2 ? 'second' : 'tie'}`}>
              {place === 1 ? 'Finished first' : place === 2 ? 'Finished' : 'Finished (tie)'} · {formatMicroseconds(finishUs)}
            </span>
          ) : (
            <>finishes at {formatMicroseconds(finishUs)}</>
          )}
        </p>
      </header>
      <DevicesView />
    </section>
  );
}
