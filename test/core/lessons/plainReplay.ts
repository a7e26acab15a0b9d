// A deliberately plain replay of a schedule's transfers over lists of terms, and the seeds' notation
// for a short sum, written apart from the narration: the reference the questions' answers are held to.

import type { Schedule } from '../../../src/core/schedule';

const SUBSCRIPTS = '₀₁₂₃₄₅₆₇₈₉';

/** Term lists per device and chunk: cells[d][c] after `steps` steps, the incoming terms first. */
export function termsAfter(schedule: Schedule, steps: number): number[][][] {
  const cells = Array.from({ length: schedule.devices }, (_, d) => Array.from({ length: schedule.chunks }, () => [d]));
  for (const step of schedule.steps.slice(0, steps)) {
    const messages = step.transfers.map((t) => cells[t.src][t.chunk].slice());
    step.transfers.forEach((t, i) => {
      cells[t.dst][t.chunk] = t.op === 'copy' ? messages[i] : [...messages[i], ...cells[t.dst][t.chunk]];
    });
  }
  return cells;
}

/** (d₄+a₄), or a₄ alone: up to 26 devices and 8 terms, as the seeds write a sum. */
export function sumText(terms: readonly number[], chunk: number): string {
  const sub = String(chunk + 1)
    .split('')
    .map((digit) => SUBSCRIPTS[Number(digit)])
    .join('');
  const names = terms.map((device) => `${String.fromCharCode(97 + device)}${sub}`);
  return names.length === 1 ? names[0] : `(${names.join('+')})`;
}

/** The terms of a written value, sorted: (d₄+a₄) and (a₄+d₄) both give "a₄,d₄". */
export function termsOf(text: string): string {
  return [...text.matchAll(/[a-z][₀-₉]+/g)]
    .map((match) => match[0])
    .sort()
    .join(',');
}
