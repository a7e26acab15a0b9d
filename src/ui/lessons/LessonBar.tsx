// The lesson's top line: where in the sequence it is and its title, the previous and next lesson, the
// handout (printed, with or without answers), the theme and the way out.

import { LESSONS, type Lesson } from '../../core/lessons';

export interface LessonBarProps {
  lesson: Lesson;
  index: number;
  onGo(lesson: Lesson): void;
  answers: boolean;
  onAnswers(answers: boolean): void;
  dark: boolean;
  onTheme(): void;
  onExit(): void;
}

export function LessonBar({ lesson, index, onGo, answers, onAnswers, dark, onTheme, onExit }: LessonBarProps) {
  const previous = LESSONS[index - 1];
  const next = LESSONS[index + 1];
  return (
    <header className="gs-presenter-bar gs-lesson-bar">
      <h1 className="gs-presenter-title gs-lesson-title">
        <span className="gs-presenter-sub">
          Lesson {index + 1} of {LESSONS.length} ·{' '}
        </span>
        <strong>{lesson.title}</strong>
      </h1>
      <div className="gs-presenter-buttons" role="group" aria-label="Lesson controls">
        <button
          type="button"
          onClick={() => previous && onGo(previous)}
          disabled={!previous}
          aria-label="Previous lesson (Page Up)"
          title="Previous lesson (Page Up)"
        >
          ⇞
        </button>
        <button type="button" onClick={() => next && onGo(next)} disabled={!next} aria-label="Next lesson (Page Down)" title="Next lesson (Page Down)">
          ⇟
        </button>
        <button type="button" onClick={() => window.print()} title="Print the lesson's one-page handout">
          Handout
        </button>
        <label className="gs-lesson-answers" title="The printed handout shows the answers and their working">
          <input type="checkbox" checked={answers} onChange={(event) => onAnswers(event.target.checked)} /> answers
        </label>
        <button type="button" onClick={onTheme} aria-label={dark ? 'Light theme (T)' : 'Dark theme (T)'} title={dark ? 'Light theme (T)' : 'Dark theme (T)'}>
          {dark ? '☀' : '☾'}
        </button>
        <button type="button" className="gs-presenter-exit" onClick={onExit} aria-label="Leave the lesson (Esc)" title="Leave the lesson (Esc)">
          ✕
        </button>
      </div>
    </header>
  );
}
