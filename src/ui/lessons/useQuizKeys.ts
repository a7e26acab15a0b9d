// The exercise's keys: 1–4 or A–D pick an option, Enter or → reveals and plays the step (then asks the
// next). They are taken before the player's own keys (→ would only step), in the capture phase, and
// only while a question is up; typing in a field, or a button outside the exercise, keeps its keys.

import { useEffect, useRef, type RefObject } from 'react';
import type { StepQuiz } from './useStepQuiz';

const OPTION_KEYS: Readonly<Record<string, number>> = { '1': 0, '2': 1, '3': 2, '4': 3, a: 0, b: 1, c: 2, d: 3 };
const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const PRESSABLE = new Set(['BUTTON', 'A', 'SUMMARY']);

/** The option a key picks, or null. */
function optionOfKey(key: string): number | null {
  return OPTION_KEYS[key.toLowerCase()] ?? null;
}

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
      const option = optionOfKey(key.key);
      let took = false;
      if (option !== null && state.phase === 'asking' && result?.ok && option < result.question.options.length && !quiz.playing) {
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
