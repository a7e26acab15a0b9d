// What a lesson asks besides predicting the step: its worked problems (cost model) and training
// questions (training model), made from the lesson's settings, and the handout's step questions.

import { GradsyncError } from '../../core/errors';
import { costQuestion, predictStep, STEP_QUESTION_KINDS, trainingQuestion, type Lesson, type StepQuestion } from '../../core/lessons';
import type { ReduceOp } from '../../core/ops';
import type { Schedule } from '../../core/schedule';
import { trainingRequest, type TrainingSettings } from '../training/trainingSettings';
import type { Problem } from './CostPanel';
import { questionSeed } from './quizState';

export interface LessonProblems {
  problems: Problem[];
  /** Why a question could not be made (a link's settings the models refuse); null when all were. */
  error: string | null;
}

export function lessonProblems(lesson: Lesson, training: TrainingSettings | null): LessonProblems {
  try {
    const costs = lesson.costs.map(costQuestion);
    const trained = training ? lesson.training.map((kind) => trainingQuestion(kind, trainingRequest(training))) : [];
    return { problems: [...costs, ...trained], error: null };
  } catch (error) {
    if (!(error instanceof GradsyncError)) throw error;
    return { problems: [], error: error.message };
  }
}

/**
 * The handout's questions about the step after `step`: the one the screen asks, and one of another
 * kind, so the sheet asks both who sends what and what a cell will hold; the second never gives the
 * first's answer away, nor the first the second's (core's askableTogether).
 */
export function handoutQuestions(schedule: Schedule, step: number, op: ReduceOp): StepQuestion[] {
  if (step >= schedule.steps.length) return [];
  const seed = questionSeed(schedule.algorithm, schedule.devices, step);
  const first = predictStep({ schedule, applied: step, seed, op });
  if (!first.ok) return [];
  const besides = [first.question];
  const other = STEP_QUESTION_KINDS.filter((kind) => kind !== first.question.kind).map((kind) =>
    predictStep({ schedule, applied: step, seed, op, kind, besides }),
  );
  const second = other.find((result) => result.ok);
  return second?.ok ? [first.question, second.question] : [first.question];
}
