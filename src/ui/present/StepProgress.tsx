// A slim bar of the run's steps: done steps filled, coloured by phase, the current one marked.

import { useMemo } from 'react';
import { useSim } from '../StoreContext';

/** Beyond this many steps the bar is one continuous fill. */
const MAX_SEGMENTS = 96;

export function StepProgress() {
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const step = useSim((s) => s.step);
  const phases = useMemo(() => {
    if (!schedule) return [];
    const order: string[] = [];
    return schedule.steps.map((s) => {
      if (!order.includes(s.phase)) order.push(s.phase);
      return order.indexOf(s.phase) % 2;
    });
  }, [schedule]);
  const steps = phases.length;
  return (
    <div
      className="gs-progress"
      role="progressbar"
      aria-label="Steps"
      aria-valuemin={0}
      aria-valuemax={steps}
      aria-valuenow={step}
      aria-valuetext={`step ${step} of ${steps}`}
    >
      {steps <= MAX_SEGMENTS ? (
        phases.map((phase, s) => (
          <span
            key={s}
            className={`gs-progress-seg gs-progress-seg--p${phase}${s < step ? ' gs-progress-seg--done' : ''}${s === step - 1 ? ' gs-progress-seg--current' : ''}`}
          />
        ))
      ) : (
        <span className="gs-progress-fill" style={{ width: `${steps ? (step / steps) * 100 : 0}%` }} />
      )}
    </div>
  );
}
