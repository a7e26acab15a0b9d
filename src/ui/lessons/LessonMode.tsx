// A lesson on a projector (?lesson=ring): its title and framing in the seeds' words, the live figure,
// and its exercises beside it: predict the step, and the worked problems. Keyboard first: ← → step
// the figure (a training figure's stages), ↓ ↑ scroll a figure that runs below the screen (the first
// Tab is a link to it), PageUp and PageDown move between lessons, the options' number keys and Enter
// answer, Q and W switch between predicting and the worked problems, T the theme, Esc leaves. The
// address follows the lesson and its step; printing gives the lesson's one-page handout.

import { useEffect, useMemo, useRef, useState } from 'react';
import { LESSON_IDS, lessonBeside, stepPlace, type Lesson, type LessonFigure } from '../../core/lessons';
import type { SimStore } from '../../store/simStore';
import { formatUrlState, parseUrlState } from '../../store/url';
import { DevicesView } from '../devices/DevicesView';
import { StepProgress } from '../present/StepProgress';
import { SimProvider, useSim } from '../StoreContext';
import { formatTrainingUrl, type TrainingSettings } from '../training/trainingSettings';
import { CostPanel } from './CostPanel';
import { Handout } from './Handout';
import { LessonBar } from './LessonBar';
import { LessonKeys } from './LessonKeys';
import { handoutQuestions, lessonProblems } from './lessonProblems';
import { lessonAppSearch, lessonSearch, trainingAt, type LessonAddress } from './lessonUrl';
import { PredictPanel } from './PredictPanel';
import { NO_SCORE, type Score } from './quizState';
import { ScaleChartSlot } from './ScaleChartSlot';
import { TrainingHandoutFigure, TrainingLessonFigure } from './TrainingLessonFigure';
import { useHandoutPicture, type StillSource } from './useHandoutPicture';
import { useStageScroll } from './useStageScroll';
import { useStepQuiz } from './useStepQuiz';

export interface LessonModeProps {
  store: SimStore;
  address: LessonAddress;
  /** Leaves for `href`: the app, or the training view, on the figure's settings. */
  onExit(href: string): void;
}

type Side = 'predict' | 'problems';

/** What each kind of figure is called where the keys and the skip link name it. */
const FIGURE_NAMES: Record<LessonFigure['kind'], string> = { collective: 'the picture', training: 'the figure', 'scale-chart': 'the charts' };

interface Shown {
  lesson: Lesson;
  stage: number;
  training: TrainingSettings | null;
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function LessonMode(props: LessonModeProps) {
  return (
    <SimProvider store={props.store}>
      <LessonFrame {...props} />
    </SimProvider>
  );
}

function LessonFrame({ store, address, onExit }: LessonModeProps) {
  const root = useRef<HTMLDivElement>(null);
  const figureBox = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>({ lesson: address.lesson, stage: address.stage, training: address.training });
  const { lesson, stage, training } = shown;
  const { figure } = lesson;
  const collective = figure.kind === 'collective';
  const [side, setSide] = useState<Side>(collective ? 'predict' : 'problems');
  const score = useState<Score>(NO_SCORE);
  const [answers, setAnswers] = useState(false);
  const [dark, setDark] = useState(systemDark);
  const index = LESSON_IDS.indexOf(lesson.id);
  const { problems, error } = useMemo(() => lessonProblems(lesson, training), [lesson, training]);

  const config = useSim((s) => s.config);
  const step = useSim((s) => s.step);
  const derived = useSim((s) => s.derived);
  const notices = useSim((s) => s.notices);
  const schedule = collective ? (derived?.schedule ?? null) : null;
  const quiz = useStepQuiz(score, collective);
  const scroll = useStageScroll(figureBox, lesson.id);

  const go = (next: Lesson) => {
    const sim = store.getState();
    sim.pause();
    if (next.figure.kind === 'collective') {
      // The lesson's own figure; the engine and speed chosen stay.
      const { config: own } = parseUrlState(lessonAppSearch(next));
      sim.setConfig({ ...own, backend: sim.config.backend, speed: sim.config.speed });
    }
    setShown({ lesson: next, stage: 0, training: trainingAt(next, 0) });
    setSide(next.figure.kind === 'collective' ? 'predict' : 'problems');
  };
  const toStage = (to: number) => {
    if (figure.kind !== 'training' || !training) return;
    const at = Math.max(0, Math.min(figure.stages.length - 1, to));
    setShown({ lesson, stage: at, training: trainingAt(lesson, at, training) });
  };
  const exitHref = collective ? `./${formatUrlState(config, step)}` : training ? `./train.html${formatTrainingUrl(training)}` : './';

  const live = useRef({ go, toStage, exitHref, lesson, stage, collective, scroll });
  live.current = { go, toStage, exitHref, lesson, stage, collective, scroll };
  useEffect(() => {
    root.current?.focus({ preventScroll: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const from = event.target as HTMLElement | null;
      if (from?.closest?.('input, select, textarea')) return;
      const now = live.current;
      const sim = store.getState();
      const figureKeys: Record<string, () => void> = now.collective
        ? { ArrowLeft: sim.stepBack, ArrowRight: sim.stepForward, Home: sim.toStart, End: sim.toEnd, ' ': sim.togglePlay }
        : {
            ArrowLeft: () => now.toStage(now.stage - 1),
            ArrowRight: () => now.toStage(now.stage + 1),
            Home: () => now.toStage(0),
            End: () => now.toStage(Infinity),
          };
      // ↓ and ↑ scroll a figure that runs below the screen; inside it, the browser scrolls it itself.
      const scrollKeys: Record<string, () => void> =
        now.scroll.overflows && !figureBox.current?.contains(from) ? { ArrowDown: () => now.scroll.by(1), ArrowUp: () => now.scroll.by(-1) } : {};
      const keys: Record<string, () => void> = {
        ...figureKeys,
        ...scrollKeys,
        PageDown: () => {
          const next = lessonBeside(now.lesson.id, 1);
          if (next) now.go(next);
        },
        PageUp: () => {
          const previous = lessonBeside(now.lesson.id, -1);
          if (previous) now.go(previous);
        },
        q: () => now.collective && setSide('predict'),
        w: () => setSide('problems'),
        t: () => setDark((d) => !d),
        Escape: () => onExit(now.exitHref),
      };
      const action = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      // Space on a button presses the button.
      if (!action || (event.key === ' ' && from?.tagName === 'BUTTON')) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store, onExit]);

  // The address follows the lesson, its step or stage, and its settings.
  useEffect(() => {
    const search = lessonSearch(lesson, collective ? { config, step } : training ? { training, stage } : null);
    if (search !== location.search) history.replaceState(history.state, '', `${location.pathname}${search}`);
  }, [lesson, collective, config, step, training, stage]);

  const where = collective
    ? schedule
      ? stepPlace(schedule, step)
      : ''
    : figure.kind === 'training'
      ? `Stage ${stage + 1} of ${figure.stages.length} · ${figure.stages[stage].caption}`
      : 'NCCL 2.4’s figures, modelled';
  const title = `${lesson.title} · ${where}`;
  const source: StillSource | null = collective
    ? { kind: 'devices', state: { config, custom: null, derived, step } }
    : figure.kind === 'training' && figure.shows.includes('lanes')
      ? { kind: 'lanes' }
      : null;
  const still = useHandoutPicture(root, source, title, `${lesson.id}/${step}/${stage}/${dark}/${config.devices}/${derived ? 1 : 0}`);
  const questions = useMemo(() => (schedule ? handoutQuestions(schedule, step, config.op) : []), [schedule, step, config.op]);
  const hasProblems = problems.length > 0;
  const shownSide: Side = collective && (side === 'predict' || !hasProblems) ? 'predict' : 'problems';
  const asking = quiz.result?.ok && !quiz.playing ? quiz.result.question : null;
  const figureName = FIGURE_NAMES[figure.kind];
  // The focus brings the figure into view where the page scrolls (a phone), and lets ↓ ↑ scroll it.
  const toFigure = () => figureBox.current?.focus();

  return (
    <div
      ref={root}
      className="gs-root gs-present gs-lesson"
      data-theme={dark ? 'dark' : 'light'}
      tabIndex={-1}
      role="region"
      aria-label={`Lesson: ${lesson.title}`}
    >
      <button type="button" className="gs-lesson-skip" onClick={toFigure}>
        Skip to {figureName}
      </button>
      <LessonBar
        lesson={lesson}
        index={index}
        onGo={go}
        answers={answers}
        onAnswers={setAnswers}
        dark={dark}
        onTheme={() => setDark(!dark)}
        onExit={() => onExit(exitHref)}
      />
      <p className="gs-lesson-framing">{lesson.framing}</p>
      {(address.notices.length > 0 || notices.length > 0 || error) && (
        <ul className="gs-lesson-notices" role="status">
          {[...address.notices, ...notices.map((notice) => notice.text), ...(error ? [`A worked problem could not be made: ${error}`] : [])].map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      <main className={`gs-lesson-main gs-lesson-main--${figure.kind}`}>
        <div className="gs-lesson-figure">
          <p className="gs-lesson-where" data-testid="lesson-where">
            {where}
          </p>
          {collective && <StepProgress />}
          <div
            ref={figureBox}
            className="gs-lesson-stage"
            tabIndex={scroll.overflows ? 0 : -1}
            role="group"
            aria-label={`${figureName[0].toUpperCase()}${figureName.slice(1)}`}
          >
            {figure.kind === 'collective' && <DevicesView />}
            {figure.kind === 'training' && training && <TrainingLessonFigure settings={training} shows={figure.shows} keysFrom={root} />}
            {/* The NCCL 2.4 chart (src/ui/metrics/) mounts in ScaleChartSlot, with figure.chart as its settings. */}
            {figure.kind === 'scale-chart' && <ScaleChartSlot settings={figure.chart} />}
          </div>
          {scroll.overflows && (
            <button type="button" className="gs-lesson-more" onClick={() => scroll.by(scroll.more ? 1 : -1)} data-testid="lesson-more">
              {scroll.more ? 'More below ↓' : 'More above ↑'}
            </button>
          )}
        </div>
        <aside className="gs-lesson-side" aria-label="Exercises">
          {collective && hasProblems && (
            <div className="gs-lesson-tabs" role="group" aria-label="Exercise">
              <button type="button" aria-pressed={shownSide === 'predict'} onClick={() => setSide('predict')}>
                Predict <kbd>Q</kbd>
              </button>
              <button type="button" aria-pressed={shownSide === 'problems'} onClick={() => setSide('problems')}>
                Problem <kbd>W</kbd>
              </button>
            </div>
          )}
          {shownSide === 'predict' ? <PredictPanel keysFrom="document" quiz={quiz} /> : <CostPanel key={lesson.id} problems={problems} keysFrom="document" />}
        </aside>
      </main>
      <LessonKeys
        figure={figure.kind}
        side={shownSide}
        options={asking && quiz.state.phase === 'asking' ? asking.options.length : null}
        revealed={asking !== null && quiz.state.phase === 'revealed'}
        scrolls={scroll.overflows ? figureName : null}
      />
      <Handout
        lesson={lesson}
        place={`Lesson ${index + 1} of ${LESSON_IDS.length}`}
        shown={where}
        still={still}
        figure={
          figure.kind === 'scale-chart' ? (
            <ScaleChartSlot settings={figure.chart} />
          ) : figure.kind === 'training' && training ? (
            <TrainingHandoutFigure settings={training} shows={figure.shows} still={still} />
          ) : undefined
        }
        questions={questions}
        problems={problems}
        answers={answers}
      />
    </div>
  );
}
