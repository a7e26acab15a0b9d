// The exercise's keys: the number keys of the options shown (1–3, 1–4: core's optionOfKey) pick one,
// Enter or → reveals and plays the step (then asks the next). Letters are left to the figure (A
// changes the algorithm in the presenter). The keys are taken before the player's own (→ would only
// step), in the capture phase, and only while a question is up; typing in a field, or a button
// outside the exercise, keeps its keys.

import { useEffect, useRef, type RefObject } from 'react';
import { optionOfKey } from '../../core/lessons';
import type { StepQuiz } from './useStepQuiz';

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);

export function useQuizKeys(target: RefObject<HTMLElement | null> | 'document', panel: RefObject<HTMLElement | null>, quiz: StepQuiz, enabled: boolean): void {
  const live = useRef(quiz);
  live.current = quiz;
  useEffect(() => {
    if (!enabled) return;
    const element: HTMLElement | Document | null = target === 'document' ? document : target.current;
    if (!element) return;
    const onKey = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.altKey || key.ctrlKey || key.metaKey) return;
      const from = key.target as HTMLElement | null;
      if (from && (TYPING.has(from.tagName) || from.isContentEditable)) return;
      if (from && PRESSABLE.has(from.tagName) && !panel.current?.contains(from)) return;
      const quiz = live.current;
      const { state, result } = quiz;
      const option = result?.ok ? optionOfKey(key.key, result.question.options.length) : null;
      let took = false;
      if (option !== null && state.phase === 'asking' && !quiz.playing) {
        quiz.choose(option);
        took = true;
      } else if (key.key === 'Enter' || key.key === 'ArrowRight') {
        took = quiz.advance();
      }
      if (!took) return;
      key.preventDefault();
      key.stopImmediatePropagation();
    };
    element.addEventListener('keydown', onKey, true);
    return () => element.removeEventListener('keydown', onKey, true);
  }, [target, panel, enabled]);
}
