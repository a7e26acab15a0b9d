// "Play this ring" / "Play this tree": the channel as NCCL built it, loaded as the app's schedule
// (verified, narrated, costed, exportable like any other), the devices brought on screen and the
// keyboard handed to the player, so Space plays it. A channel that cannot be played (shown only in
// part, or in lines that contradict each other) has its button off and the reason beside it.

import { useState } from 'react';
import { GradsyncError } from '../../core/errors';
import type { Schedule } from '../../core/schedule';
import { useSim } from '../StoreContext';

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

interface PlayButtonProps {
  label: string;
  /** Why it cannot be played; null where it can. */
  problem: string | null;
  schedule(): Schedule;
  name: string;
}

export function PlayButton({ label, problem, schedule, name }: PlayButtonProps) {
  const loadSchedule = useSim((s) => s.loadSchedule);
  const [failed, setFailed] = useState<string | null>(null);
  const onClick = () => {
    let built: Schedule;
    try {
      built = schedule();
    } catch (error) {
      if (!(error instanceof GradsyncError)) throw error;
      setFailed(sentence(error.message));
      return;
    }
    setFailed(null);
    if (!loadSchedule(built, name)) return;
    // The schedule's name and verdict stand in the header, above the devices: both are brought on
    // screen, and the play control takes the keyboard.
    document.querySelector('.gs-header')?.scrollIntoView({ block: 'start' });
    document.querySelector<HTMLElement>('.gs-controls .gs-play')?.focus({ preventScroll: true });
  };
  return (
    <div className="gs-build-play">
      <button type="button" className="gs-button gs-primary" onClick={onClick} disabled={problem !== null}>
        {label}
      </button>
      {problem !== null && <p className="gs-build-missing">Cannot be played: {problem}.</p>}
      {failed && (
        <p className="gs-loader-error" role="alert">
          <span aria-hidden="true">✕ </span>
          {failed}
        </p>
      )}
    </div>
  );
}
