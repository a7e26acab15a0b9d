// A lesson's address: ?lesson=ring opens the ring lesson, and any of the app's keys after it change
// its figure (?lesson=ring&devices=8&step=3), so a teacher links a lesson with its settings. The
// address writes only what differs from the lesson's own figure. A training lesson's step is its
// stage; its other keys are the training view's (model, devices, …). A bad value is a notice and the
// lesson's own setting.

import { LESSON_IDS, LESSONS, lessonById, type Lesson } from '../../core/lessons';
import type { SimConfig } from '../../store/config';
import { formatUrlState } from '../../store/url';
import { parseTrainingUrl, TRAINING_DEFAULTS, type TrainingSettings } from '../training/trainingSettings';

const LESSON_KEY = 'lesson';

/** The training settings a stage sets; the address never carries them. */
const STAGE_KEYS = ['strategy', 'overlap', 'servers'] as const;

export interface LessonAddress {
  lesson: Lesson;
  /** The stage a training lesson opens at (a collective's step is in appSearch). */
  stage: number;
  /** For a collective lesson, the app's query string: the lesson's figure under the link's own keys. */
  appSearch: string;
  /** For a training lesson, its settings: the link's keys over the lesson's model, devices and algorithm, at the stage. */
  training: TrainingSettings | null;
  notices: string[];
}

/** The keys of a collective lesson's figure, as the app's address writes them. */
function figureParams(lesson: Lesson): URLSearchParams {
  const params = new URLSearchParams();
  if (lesson.figure.kind !== 'collective') return params;
  const { algorithm, devices, elements, devicesPerNode } = lesson.figure;
  params.set('algorithm', algorithm);
  params.set('devices', String(devices));
  params.set('elements', String(elements));
  if (devicesPerNode !== undefined) params.set('devicesPerNode', String(devicesPerNode));
  return params;
}

/** A training lesson's settings before any link changes them, at `stage`. */
export function trainingAt(lesson: Lesson, stage: number, base: TrainingSettings = trainingBase(lesson)): TrainingSettings | null {
  if (lesson.figure.kind !== 'training') return null;
  const { strategy, overlap, servers } = lesson.figure.stages[stage];
  return { ...base, strategy, overlap, servers: servers ?? base.servers };
}

function trainingBase(lesson: Lesson): TrainingSettings {
  if (lesson.figure.kind !== 'training') return TRAINING_DEFAULTS;
  const { model, devices, algorithm } = lesson.figure;
  return { ...TRAINING_DEFAULTS, model, devices, algorithm };
}

/** The app's query string that shows a collective lesson's own figure, from its start. */
export function lessonAppSearch(lesson: Lesson): string {
  return `?${figureParams(lesson).toString()}`;
}

function stageOf(params: URLSearchParams, lesson: Lesson, notices: string[]): number {
  const raw = params.get('step');
  if (raw === null || lesson.figure.kind !== 'training') return 0;
  const stages = lesson.figure.stages.length;
  const value = Number(raw);
  if (raw.trim() !== '' && Number.isInteger(value) && value >= 0 && value < stages) return value;
  notices.push(`step must be an integer from 0 to ${stages - 1} in this lesson; got “${raw.slice(0, 24)}”, starting at its first stage`);
  return 0;
}

/** The lesson an address names, or null where it names none (the app itself). */
export function readLessonAddress(search: string): LessonAddress | null {
  const params = new URLSearchParams(search);
  const id = params.get(LESSON_KEY);
  if (id === null) return null;
  const notices: string[] = [];
  let lesson = lessonById(id);
  if (!lesson) {
    lesson = LESSONS[0];
    notices.push(`lesson must be one of ${LESSON_IDS.join(', ')}; got “${id.slice(0, 40)}”, showing ${lesson.id}`);
  }
  params.delete(LESSON_KEY);
  if (lesson.figure.kind === 'training') {
    const stage = stageOf(params, lesson, notices);
    const merged = new URLSearchParams(
      Object.entries(trainingBase(lesson)).map(([key, value]) => [key, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value)]),
    );
    for (const [key, value] of params) if (key !== 'step' && !(STAGE_KEYS as readonly string[]).includes(key)) merged.set(key, value);
    const parsed = parseTrainingUrl(`?${merged.toString()}`);
    notices.push(...parsed.notices);
    return { lesson, stage, appSearch: '', training: trainingAt(lesson, stage, parsed.settings), notices };
  }
  const merged = figureParams(lesson);
  for (const [key, value] of params) merged.set(key, value);
  return { lesson, stage: 0, appSearch: `?${merged.toString()}`, training: null, notices };
}

/** The address of a lesson showing `config` at `step` (a collective lesson), or `training` at `stage`. */
export function lessonSearch(lesson: Lesson, shown: { config: SimConfig; step: number } | { training: TrainingSettings; stage: number } | null): string {
  const params = new URLSearchParams({ [LESSON_KEY]: lesson.id });
  if (shown && 'config' in shown) {
    const own = figureParams(lesson);
    const written = new URLSearchParams(formatUrlState(shown.config, shown.step));
    for (const [key, value] of written) if (own.get(key) !== value) params.set(key, value);
    // A default the app leaves out, where the lesson's figure has another value.
    for (const [key, value] of own) {
      const mine = String(shown.config[key as keyof SimConfig]);
      if (!written.has(key) && mine !== value) params.set(key, mine);
    }
  } else if (shown) {
    const base = trainingBase(lesson);
    for (const key of Object.keys(base) as (keyof TrainingSettings)[]) {
      const value = shown.training[key];
      if ((STAGE_KEYS as readonly string[]).includes(key) || value === base[key]) continue;
      params.set(key, typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value));
    }
    if (shown.stage > 0) params.set('step', String(shown.stage));
  }
  return `?${params.toString()}`;
}
