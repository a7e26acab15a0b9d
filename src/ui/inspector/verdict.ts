// The inspector's one-line verdict: at the last step, whether the device holds what the collective
// requires (and if not, which chunk lacks or doubles what); before it, whether every value equals
// the combination of the contributions its chunk holds so far.

import { firstAbsent, firstDoubled, isRangeOnce, type Contributions } from '../../core/symbolic';
import type { ReduceOp } from '../../core/ops';
import { deviceLabel, deviceLetter } from '../../core/notation';
import { reducesData, type Collective } from '../../core/schedule';
import type { DeviceCheck } from './deviceCheck';
import { plural } from '../format';

export interface Verdict {
  tone: 'ok' | 'bad' | 'info';
  text: string;
}

export interface Required {
  lo: number;
  hi: number;
}

const OP_NOUNS: Record<ReduceOp, string> = { sum: 'sum', avg: 'average', max: 'maximum', min: 'minimum', prod: 'product' };

export function resultNoun(op: ReduceOp, collective: Collective): string {
  return reducesData(collective) ? OP_NOUNS[op] : 'value';
}

function values(count: number): string {
  return plural(count, 'value');
}

function precision(maxUlps: number): string {
  if (maxUlps === 0) return 'exactly';
  const ulps = Math.ceil(maxUlps);
  return `to within ${ulps} ulp`;
}

/** What is wrong with a chunk that holds `set` where `required` was due, in contribution letters among `devices`. */
export function explainChunk(set: Contributions, required: Required, devices: number): string {
  const twice = firstDoubled(set);
  if (twice >= 0) return `holds ${deviceLetter(twice, devices)} twice`;
  const absent = firstAbsent(set, required.lo, required.hi);
  if (absent >= 0) return `lacks ${deviceLetter(absent, devices)}`;
  for (let i = 0; i < set.length; i += 3) {
    if (set[i] < required.lo) return `still holds ${deviceLetter(set[i], devices)}`;
    if (set[i + 1] > required.hi) return `still holds ${deviceLetter(Math.max(set[i], required.hi), devices)}`;
  }
  return 'holds the right contributions, but its values differ';
}

export interface VerdictInput {
  device: number;
  devices: number;
  step: number;
  steps: number;
  op: ReduceOp;
  collective: Collective;
  elements: number;
  sets: readonly Contributions[];
  required: readonly (Required | null)[];
  /** Against what each chunk holds now. */
  current: DeviceCheck;
  /** Against what the collective requires; only at the last step. */
  final: DeviceCheck | null;
  completeChunks: number;
}

export function deviceVerdict(input: VerdictInput): Verdict {
  const noun = resultNoun(input.op, input.collective);
  const { final, current } = input;
  if (final) {
    if (final.differing > 0) {
      const chunk = final.differingChunks[0];
      const others = final.differingChunks.length - 1;
      const why = `${deviceLabel(input.device)} chunk ${chunk + 1} ${explainChunk(input.sets[chunk], input.required[chunk]!, input.devices)}`;
      const verb = final.differing === 1 ? 'differs' : 'differ';
      return { tone: 'bad', text: `${values(final.differing)} ${verb} — ${why}${others > 0 ? ` (and ${others} more chunk${others === 1 ? '' : 's'})` : ''}` };
    }
    const wrong = input.required.findIndex((range, c) => range !== null && !isRangeOnce(input.sets[c], range.lo, range.hi));
    if (wrong >= 0) {
      // max and min ignore a doubled contribution: right numbers from a wrong schedule.
      return {
        tone: 'bad',
        text: `the values equal the expected ${noun}, but ${deviceLabel(input.device)} chunk ${wrong + 1} ${explainChunk(input.sets[wrong], input.required[wrong]!, input.devices)}`,
      };
    }
    if (final.checked === 0) return { tone: 'info', text: `this ${input.collective} requires nothing of ${deviceLabel(input.device)}` };
    const all = final.checked === input.elements ? `all ${values(final.checked)}` : `all ${values(final.checked)} it must hold`;
    return { tone: 'ok', text: `${all} equal the expected ${noun} ${precision(final.maxUlps)}` };
  }
  const progress = `step ${input.step} of ${input.steps}: ${input.completeChunks} of ${input.sets.length} chunks complete`;
  if (current.differing > 0) {
    return {
      tone: 'bad',
      text: `${progress}; ${values(current.differing)} differ from the ${noun} of what their chunk holds (chunk ${current.differingChunks[0] + 1})`,
    };
  }
  return { tone: 'info', text: `${progress}; every value equals the ${noun} of what its chunk holds ${precision(current.maxUlps)}` };
}
