// One row of the faults panel: a button that shows its step, marked while that step is on screen.

import type { ReactNode } from 'react';

export interface StepJumpProps {
  /** The step this row is about and jumps to (0: the inputs). */
  step: number;
  /** The step on screen. */
  shown: number;
  onJump(step: number): void;
  /** Where the row points, for the tooltip: "show step 2". */
  title?: string;
  className?: string;
  pressed?: boolean;
  children: ReactNode;
}

export function StepJump({ step, shown, onJump, title, className, pressed, children }: StepJumpProps) {
  const classes = ['gs-faults-row'];
  if (className) classes.push(className);
  if (step === shown) classes.push('gs-faults-row--here');
  return (
    <button
      type="button"
      className={classes.join(' ')}
      onClick={() => onJump(step)}
      title={title ?? (step === 0 ? 'Show the start' : `Show step ${step}`)}
      aria-current={step === shown ? 'step' : undefined}
      aria-pressed={pressed}
    >
      {children}
    </button>
  );
}
