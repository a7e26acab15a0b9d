// The lesson's key strip: what each key does for the figure and the exercise shown, now, so a room
// sees which key took: the option keys of the question asked (1–3 where it offers three), Enter's
// next move, and ↓ ↑ where the figure runs below the screen.

import { optionLabel, type LessonFigure } from '../../core/lessons';

export interface LessonKeysProps {
  figure: LessonFigure['kind'];
  side: 'predict' | 'problems';
  /** The options of the question waiting for its answer; null while none is. */
  options: number | null;
  /** A question's answer is shown: Enter asks the next. */
  revealed: boolean;
  /** What ↓ and ↑ scroll ("the charts"), where the figure runs below the screen; null where it fits. */
  scrolls: string | null;
}

export function LessonKeys({ figure, side, options, revealed, scrolls }: LessonKeysProps) {
  return (
    <p className="gs-presenter-keys gs-lesson-keys" aria-hidden="true" data-testid="lesson-keys">
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
      {scrolls && (
        <>
          <kbd>↓</kbd> <kbd>↑</kbd> scroll {scrolls} ·{' '}
        </>
      )}
      {side === 'predict' ? (
        options !== null ? (
          <>
            <kbd>{optionLabel(0)}</kbd>
            {options > 1 && (
              <>
                –<kbd>{optionLabel(options - 1)}</kbd>
              </>
            )}{' '}
            answer · <kbd>Enter</kbd> reveal ·{' '}
          </>
        ) : (
          revealed && (
            <>
              <kbd>Enter</kbd> next question ·{' '}
            </>
          )
        )
      ) : (
        <>
          <kbd>Enter</kbd> answer · <kbd>W</kbd> next ·{' '}
        </>
      )}
      <kbd>PgUp</kbd> <kbd>PgDn</kbd> lesson · <kbd>T</kbd> theme · <kbd>Esc</kbd> exit
    </p>
  );
}
