// The lesson's key strip: what each key does for the figure and the exercise shown, so a room sees
// which key took.

import type { LessonFigure } from '../../core/lessons';

export interface LessonKeysProps {
  figure: LessonFigure['kind'];
  side: 'predict' | 'problems';
}

export function LessonKeys({ figure, side }: LessonKeysProps) {
  return (
    <p className="gs-presenter-keys gs-lesson-keys" aria-hidden="true">
      {figure === 'collective' && (
        <>
          <kbd>←</kbd> <kbd>→</kbd> step · <kbd>Space</kbd> play ·{' '}
        </>
      )}
      {figure === 'training' && (
        <>
          <kbd>←</kbd> <kbd>→</kbd> stage · <kbd>Space</kbd> play the iteration ·{' '}
        </>
      )}
      {side === 'predict' ? (
        <>
          <kbd>1</kbd>–<kbd>4</kbd> answer · <kbd>Enter</kbd> reveal ·{' '}
        </>
      ) : (
        <>
          <kbd>Enter</kbd> answer · <kbd>W</kbd> next ·{' '}
        </>
      )}
      <kbd>PgUp</kbd> <kbd>PgDn</kbd> lesson · <kbd>T</kbd> theme · <kbd>Esc</kbd> exit
    </p>
  );
}
