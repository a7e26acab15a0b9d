// "Play this ring" / "Play this tree": the channel as NCCL built it, loaded as the app's schedule
// (verified, narrated, costed, exportable like any other), and the devices brought on screen. A
// channel the log shows only in part is not played: the reason is said beside the button.

import { useState } from 'react';
import { GradsyncError } from '../../core/errors';
import type { Schedule } from '../../core/schedule';
import { useSim } from '../StoreContext';

export function PlayButton({ label, schedule, name }: { label: string; schedule(): Schedule; name: string }) {
  const loadSchedule = useSim((s) => s.loadSchedule);
  const [problem, setProblem] = useState<string | null>(null);
  const onClick = () => {
    let built: Schedule;
    try {
      built = schedule();
    } catch (error) {
      if (!(error instanceof GradsyncError)) throw error;
      setProblem(error.message.charAt(0).toUpperCase() + error.message.slice(1));
      return;
    }
    setProblem(null);
    // The schedule's name and verdict stand in the header, above the devices: both are brought on screen.
    if (loadSchedule(built, name)) document.querySelector('.gs-header')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className="gs-build-play">
      <button type="button" className="gs-button gs-primary" onClick={onClick}>
        {label}
      </button>
      {problem && (
        <p className="gs-loader-error" role="alert">
          <span aria-hidden="true">✕ </span>
          {problem}
        </p>
      )}
    </div>
  );
}
