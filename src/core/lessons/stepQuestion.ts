// "Predict the step": a question about the step that plays next, made from that step's transfers and
// answered by the replay, never written by hand. Three kinds, each in the seeds' notation:
//   chunk     "In step 2, GPU-2 sends which chunk to GPU-3?"        (b₂+c₂) · c₃ · d₂ · …
//   receiver  "In step 2, GPU-2 sends (b₂+c₂) to which GPU?"        GPU-3 · GPU-0 · GPU-1
//   cell      "After step 2, what will GPU-3's chunk 2 hold?"       (b₂+c₂+d₂) · d₂ · (b₂+c₂) · …
// Wrong options are the mistakes a reader makes: another chunk of the sender, what the receiver already
// holds, the value before the step, the message alone, a message from the wrong GPU. An option counts
// as wrong only when its terms differ from the answer's as a multiset, so (a₁+b₁) is never offered
// against (b₁+a₁), and a question is asked only where it has a single answer: a pair of GPUs that
// exchanges one chunk in the step, a chunk sent to one GPU.
// Questions on one sheet (the handout asks two about a step) never give each other away: neither asks
// about a transfer or a cell the other does, and neither's words show the value the other asks for.

import { GradsyncError, refused, type Refused } from '../errors';
import { Narrator, valueExpression } from '../narration/narration';
import { deviceLabel } from '../notation';
import type { ReduceOp } from '../ops';
import { random } from '../random';
import { compileSchedule, OP_COPY, type CompiledSchedule } from '../schedule/compile';
import type { Schedule, TransferOp } from '../schedule/ir';
import { allTerms, concatTerms, type TermSeq } from '../symbolic/terms';

export const STEP_QUESTION_KINDS = ['chunk', 'receiver', 'cell'] as const;
export type StepQuestionKind = (typeof STEP_QUESTION_KINDS)[number];

/** At least this many options (the answer and two wrong ones), at most MAX_OPTIONS. */
const MIN_OPTIONS = 3;
const MAX_OPTIONS = 4;
/** Candidates tried per kind before the next kind is tried: a step of naive on 64 GPUs has 4,032 transfers. */
const TRIES_PER_KIND = 48;

interface QuestionTransfer {
  src: number;
  dst: number;
  /** 0-based, as the schedule writes it. */
  chunk: number;
  op: TransferOp;
}

export interface StepQuestion {
  kind: StepQuestionKind;
  /** The step asked about, 1-based as the narration counts: the one that plays next. */
  step: number;
  prompt: string;
  options: string[];
  /** The index of the right option. */
  answer: number;
  /** The transfers the answer is made of: one, or every write into the cell asked about. */
  transfers: QuestionTransfer[];
  /** The cell the answer lands in: the transfer's receiving chunk, or the cell asked about. */
  cell: { device: number; chunk: number };
  /** What the narration says of those transfers: the reveal's words. */
  sentences: string[];
  /**
   * The values the question's words show, its options' and the message its prompt names, as keys
   * (`chunk:terms`, the terms sorted, so (a₁+b₁) and (b₁+a₁) are one value).
   */
  shownValues: string[];
  /** The right option's value as such a key; null where the answer is a GPU. */
  answerValue: string | null;
}

export interface StepQuestionRequest {
  schedule: Schedule;
  /** Steps already shown: the question is about step `applied` + 1. */
  applied: number;
  /** The same seed asks the same question. */
  seed: number;
  op?: ReduceOp;
  /** Ask only this kind. */
  kind?: StepQuestionKind;
  /**
   * Questions already on the same sheet: the question asked can stand beside each (askableTogether),
   * and none of their answers is offered as one of its wrong options.
   */
  besides?: readonly StepQuestion[];
}

export type StepQuestionResult = { ok: true; question: StepQuestion } | Refused;

/** The step as the question sees it: every cell at its start and end, and the narration of its transfers. */
interface StepView {
  compiled: CompiledSchedule;
  op: ReduceOp;
  /** 0-based. */
  index: number;
  begin: number;
  end: number;
  start(device: number, chunk: number): TermSeq;
  after(device: number, chunk: number): TermSeq;
  sentence(transfer: number): string;
}

/** A candidate option: a value of `chunk`, or a GPU. */
interface Option {
  text: string;
  /** Equal keys mean the same answer. */
  key: string;
}

/** The options chosen, shuffled: their texts and keys, and which is right. */
interface Chosen {
  options: string[];
  keys: string[];
  answer: number;
}

function valueOption(view: StepView, terms: TermSeq, chunk: number): Option {
  const sorted = allTerms(terms).sort((a, b) => a - b);
  return { text: valueExpression(terms, chunk, view.compiled.devices, view.op), key: `${chunk}:${sorted.join(',')}` };
}

function deviceOption(device: number): Option {
  return { text: deviceLabel(device), key: `gpu:${device}` };
}

function shuffled<T>(items: readonly T[], rng: () => number): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Devices other than `from` in ring order around it (from+1, from−1, from+2, …): the nearest mistakes first. */
function around(from: number, devices: number): number[] {
  const out: number[] = [];
  for (let k = 1; out.length < devices - 1; k++) {
    out.push((from + k) % devices);
    if (out.length < devices - 1) out.push((((from - k) % devices) + devices) % devices);
  }
  return [...new Set(out)];
}

function transferAt(view: StepView, t: number): QuestionTransfer {
  const { src, dst, chunk, op } = view.compiled;
  return { src: src[t], dst: dst[t], chunk: chunk[t], op: op[t] === OP_COPY ? 'copy' : 'reduce' };
}

/**
 * The answer and up to MAX_OPTIONS − 1 wrong options from `pool` (most plausible first), shuffled; null
 * where fewer than MIN_OPTIONS remain. A wrong option repeats neither the answer nor another option,
 * and is none of the values in `avoid` (the answers of the other questions on the sheet).
 */
function choose(answer: Option, pool: readonly Option[], avoid: ReadonlySet<string>, rng: () => number): Chosen | null {
  const keys = new Set([answer.key, ...avoid]);
  const texts = new Set([answer.text]);
  const wrong: Option[] = [];
  for (const option of pool) {
    if (wrong.length === MAX_OPTIONS - 1) break;
    if (keys.has(option.key) || texts.has(option.text)) continue;
    keys.add(option.key);
    texts.add(option.text);
    wrong.push(option);
  }
  if (wrong.length + 1 < MIN_OPTIONS) return null;
  const options = shuffled([answer, ...wrong], rng);
  return { options: options.map((option) => option.text), keys: options.map((option) => option.key), answer: options.indexOf(answer) };
}

/** The question's options, and what its words show and ask, from the options chosen. */
function asked(chosen: Chosen, shownInPrompt: readonly string[], answerIsValue: boolean) {
  const { options, keys, answer } = chosen;
  return {
    options,
    answer,
    shownValues: [...shownInPrompt, ...(answerIsValue ? keys : [])],
    answerValue: answerIsValue ? keys[answer] : null,
  };
}

function chunkQuestion(view: StepView, t: number, avoid: ReadonlySet<string>, rng: () => number): StepQuestion | null {
  const transfer = transferAt(view, t);
  const { src, dst, chunk } = transfer;
  const { devices, chunks } = view.compiled;
  const value = (device: number, c: number) => valueOption(view, view.start(device, c), c);
  const pool = [
    // The sender's own input: the chunk as if nothing had been added to it yet.
    valueOption(view, src, chunk),
    ...around(chunk, chunks)
      .slice(0, 2)
      .map((c) => value(src, c)),
    value(dst, chunk),
    valueOption(view, view.after(dst, chunk), chunk),
    ...around(src, devices)
      .filter((d) => d !== dst)
      .map((d) => value(d, chunk)),
    ...around(chunk, chunks)
      .slice(2)
      .map((c) => value(src, c)),
  ];
  const chosen = choose(value(src, chunk), pool, avoid, rng);
  if (!chosen) return null;
  const prompt = `In step ${view.index + 1}, ${deviceLabel(src)} sends which chunk to ${deviceLabel(dst)}?`;
  return {
    kind: 'chunk',
    step: view.index + 1,
    prompt,
    ...asked(chosen, [], true),
    transfers: [transfer],
    cell: { device: dst, chunk },
    sentences: [view.sentence(t)],
  };
}

function receiverQuestion(view: StepView, t: number, avoid: ReadonlySet<string>, rng: () => number): StepQuestion | null {
  const transfer = transferAt(view, t);
  const { src, dst, chunk } = transfer;
  const pool = [...around(dst, view.compiled.devices).filter((d) => d !== src), ...around(src, view.compiled.devices)].map(deviceOption);
  const chosen = choose(deviceOption(dst), pool, avoid, rng);
  if (!chosen) return null;
  const message = valueOption(view, view.start(src, chunk), chunk);
  const prompt = `In step ${view.index + 1}, ${deviceLabel(src)} sends ${message.text} to which GPU?`;
  return {
    kind: 'receiver',
    step: view.index + 1,
    prompt,
    ...asked(chosen, [message.key], false),
    transfers: [transfer],
    cell: { device: dst, chunk },
    sentences: [view.sentence(t)],
  };
}

function cellQuestion(
  view: StepView,
  device: number,
  chunk: number,
  writers: readonly number[],
  avoid: ReadonlySet<string>,
  rng: () => number,
): StepQuestion | null {
  const before = view.start(device, chunk);
  const first = transferAt(view, writers[0]);
  const incoming = view.start(first.src, chunk);
  const senders = new Set(writers.map((t) => view.compiled.src[t]));
  const option = (terms: TermSeq) => valueOption(view, terms, chunk);
  // The receiver's side of a message from another GPU: stored, or added as the real one is.
  const misdelivered = (from: number) => option(first.op === 'copy' ? view.start(from, chunk) : concatTerms(view.start(from, chunk), before));
  const pool = [
    option(before),
    option(first.op === 'copy' ? concatTerms(incoming, before) : incoming),
    ...around(first.src, view.compiled.devices)
      .filter((d) => d !== device && !senders.has(d))
      .map(misdelivered),
  ];
  const chosen = choose(option(view.after(device, chunk)), pool, avoid, rng);
  if (!chosen) return null;
  const prompt = `After step ${view.index + 1}, what will ${deviceLabel(device)}'s chunk ${chunk + 1} hold?`;
  return {
    kind: 'cell',
    step: view.index + 1,
    prompt,
    ...asked(chosen, [], true),
    transfers: writers.map((t) => transferAt(view, t)),
    cell: { device, chunk },
    sentences: writers.map((t) => view.sentence(t)),
  };
}

/** Transfers whose `key` no other transfer of the step shares: the ones a question has one answer about. */
function uniqueBy(view: StepView, key: (t: number) => number): number[] {
  const count = new Map<number, number>();
  for (let t = view.begin; t < view.end; t++) count.set(key(t), (count.get(key(t)) ?? 0) + 1);
  const out: number[] = [];
  for (let t = view.begin; t < view.end; t++) if (count.get(key(t)) === 1) out.push(t);
  return out;
}

/** The questions of one kind the step can ask, each made when tried, offering no value of `avoid` as a wrong option. */
function candidates(view: StepView, kind: StepQuestionKind, avoid: ReadonlySet<string>): ((rng: () => number) => StepQuestion | null)[] {
  const { src, dst, chunk, devices, chunks } = view.compiled;
  if (kind === 'chunk') return uniqueBy(view, (t) => src[t] * devices + dst[t]).map((t) => (rng) => chunkQuestion(view, t, avoid, rng));
  if (kind === 'receiver') return uniqueBy(view, (t) => src[t] * chunks + chunk[t]).map((t) => (rng) => receiverQuestion(view, t, avoid, rng));
  const writers = new Map<number, number[]>();
  for (let t = view.begin; t < view.end; t++) {
    const cell = dst[t] * chunks + chunk[t];
    const list = writers.get(cell);
    if (list) list.push(t);
    else writers.set(cell, [t]);
  }
  return [...writers].map(
    ([cell, list]) =>
      (rng) =>
        cellQuestion(view, Math.floor(cell / chunks), cell % chunks, list, avoid, rng),
  );
}

function stepView(schedule: Schedule, compiled: CompiledSchedule, index: number, op: ReduceOp): StepView {
  const narrator = new Narrator(schedule, op);
  for (let s = 0; s < index; s++) narrator.skip();
  const begin = compiled.stepStart[index];
  const end = compiled.stepStart[index + 1];
  const startCells = narrator.snapshot().cells;
  const story = narrator.peekNext(end - begin);
  narrator.skip();
  const afterCells = narrator.snapshot().cells;
  const slots = compiled.slots;
  return {
    compiled,
    op,
    index,
    begin,
    end,
    start: (device, chunk) => startCells[device * slots + chunk],
    after: (device, chunk) => afterCells[device * slots + chunk],
    sentence: (t) => story.sentences(t - begin, t - begin + 1)[0],
  };
}

const sameTransfer = (a: QuestionTransfer, b: QuestionTransfer) => a.src === b.src && a.dst === b.dst && a.chunk === b.chunk;

/** Whether `by`'s words give `of`'s answer away: it asks about one of the same step's transfers or cells, or shows the value `of` asks for. */
function givesAway(by: StepQuestion, of: StepQuestion): boolean {
  if (by.step === of.step) {
    if (by.cell.device === of.cell.device && by.cell.chunk === of.cell.chunk) return true;
    if (by.transfers.some((t) => of.transfers.some((u) => sameTransfer(t, u)))) return true;
  }
  return of.answerValue !== null && by.shownValues.includes(of.answerValue);
}

/**
 * Whether two questions can stand on one sheet: neither asks about a transfer or a cell of the other's
 * step that the other asks about, and neither's prompt or options show the value the other asks for.
 */
export function askableTogether(a: StepQuestion, b: StepQuestion): boolean {
  return !givesAway(a, b) && !givesAway(b, a);
}

/**
 * A question about step `applied` + 1 of a schedule, or why there is none: a schedule between places,
 * a step that moves nothing, the end, or (with `besides`) nothing left to ask that keeps the other
 * questions' answers hidden. The same request gives the same question. Costs a replay of the steps
 * before it and O(transfers) of the step.
 */
export function predictStep(request: StepQuestionRequest): StepQuestionResult {
  const { schedule, applied, seed, op = 'sum' } = request;
  const compiled = compileSchedule(schedule);
  if (!Number.isInteger(applied) || applied < 0 || applied > compiled.steps) {
    throw new GradsyncError('bad-argument', `the steps shown must be an integer from 0 to ${compiled.steps}, got ${applied}`);
  }
  if (!compiled.plain) return refused('questions ask about schedules that keep one buffer per GPU, and this one moves chunks between places');
  if (compiled.steps === 0) return refused('with one GPU there is no step to predict');
  if (applied === compiled.steps) return refused('every step has played: the collective is done');
  if (compiled.stepStart[applied] === compiled.stepStart[applied + 1]) return refused(`step ${applied + 1} moves nothing`);
  const view = stepView(schedule, compiled, applied, op);
  const rng = random(seed);
  const besides = request.besides ?? [];
  const avoid = new Set(besides.flatMap((other) => (other.answerValue === null ? [] : [other.answerValue])));
  const kinds = request.kind ? [request.kind] : shuffled(STEP_QUESTION_KINDS, rng);
  let giveaways = 0;
  for (const kind of kinds) {
    for (const ask of shuffled(candidates(view, kind, avoid), rng).slice(0, TRIES_PER_KIND)) {
      const question = ask(rng);
      if (!question) continue;
      if (besides.every((other) => askableTogether(other, question))) return { ok: true, question };
      giveaways++;
    }
  }
  const what = request.kind ? `${request.kind} question` : 'question';
  if (giveaways > 0) return refused(`every ${what} about step ${applied + 1} would give away the answer of another question on the sheet`);
  return refused(`no ${what} about step ${applied + 1} has enough wrong answers to choose from`);
}
