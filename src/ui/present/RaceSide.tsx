// One lane of the race: the algorithm's name, the step it has finished on the shared clock, when it
// finishes, and its devices animating from its own store.

import { totalSteps } from '../../store/simStore';
import { DevicesView } from '../devices/DevicesView';
import { formatMicroseconds } from '../format';
import { SimProvider, useSim } from '../StoreContext';
import type { ClockSide } from './raceFlight';

export interface RaceSideProps {
  side: ClockSide;
  algorithm: string;
  /** Steps finished at the clock's time (the store may be at the next, its messages in flight). */
  step: number;
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

function RaceLane({ algorithm, step, finishUs, place }: RaceSideProps) {
  const steps = useSim(totalSteps);
  const phase = useSim((s) => (step > 0 ? (s.derived?.schedule.steps[step - 1]?.phase ?? '') : ''));
  const done = step === steps;
  return (
    <section className={`gs-race-side${done ? ' gs-race-side--done' : ''}`} aria-label={`${algorithm} lane`}>
      <header className="gs-race-side-head">
        <h2 className="gs-race-name">{algorithm}</h2>
        <p className="gs-race-step" data-testid="race-step">
          step <strong>{step}</strong> / {steps}
        </p>
        <span className="gs-race-phase">{phase && `· ${phase}`}</span>
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
