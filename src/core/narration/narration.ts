// Every step told in the seeds' words: "GPU-0 sends (d₄+a₄) to GPU-1, where it gets added to b₄."
// A value lists its terms in the order they were combined, the incoming ones first. Values of more than
// ABBREVIATE_ABOVE terms show the first 3 and the last 2 and their count:
//   sum, avg   (g0₁+g1₁+g2₁+…+g1022₁+g1023₁, 1024 terms)
//   prod       (g0₁×g1₁×g2₁×…×g1022₁×g1023₁, 1024 terms)
//   max, min   max(g0₁, g1₁, g2₁, …, g1022₁, g1023₁; 1024 terms)
// A single term is written bare (a₁) under every op. Where a picture's cell has room for less, the
// brief form keeps the first and the last term of a value of more than BRIEF_ABOVE terms, in the
// order they were combined:  (h₁+…+e₁), (h₁×…×e₁), max(h₁, …, e₁)

import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import { GradsyncError } from '../errors';
import { deviceLabel, deviceLetter, subscript, term } from '../notation';
import type { ReduceOp } from '../ops';
import type { Schedule } from '../schedule/ir';
import { placeName } from '../schedule/slots';
import { nothingTerm } from '../symbolic/contributionReplay';
import { headTerms, tailTerms, termCount, TermReplay, type TermSeq, type TermWrite, type TrackerSnapshot } from '../symbolic/terms';
import { plural } from '../units';

/** Values with more terms than this are abbreviated. */
const ABBREVIATE_ABOVE = 8;
const SHOWN_HEAD = 3;
const SHOWN_TAIL = 2;
/** In the brief form, values with more terms than this show only their first and last. */
const BRIEF_ABOVE = 2;

export interface StepNarration {
  /** 1-based, as the seeds count iterations. */
  step: number;
  phase: string;
  /** The seeds' name of the phase where they have one. */
  phaseLabel: string;
  /** One sentence per transfer, in the step's transfer order. */
  sentences: string[];
}

/**
 * A step's narration whose sentences are written when asked for: a step may have a million
 * transfers (naive on 1024 devices), and a reader sees a few of them.
 */
export interface StepStory {
  /** 1-based, as the seeds count iterations. */
  step: number;
  phase: string;
  phaseLabel: string;
  /** Transfers in the step: one sentence each (in a story told by message, messages: `unit`). */
  transfers: number;
  /** What a sentence tells: a transfer, or a message of neighbouring chunks (byMessage). */
  unit: 'transfer' | 'message';
  /** How many of the first transfers can be told: the limit it was prepared with, at most `transfers`. */
  told: number;
  /** The sentences of transfers [from, to), in the step's transfer order; `to` is at most `told`. */
  sentences(from: number, to: number): string[];
  /**
   * The told transfers as messages: runs of neighbouring chunks one device sends another at once (a
   * half of halving-doubling's buffer is one message of several chunks), each [first, end) of transfers.
   */
  messages(): readonly (readonly [number, number])[];
  /** One sentence per message [from, to) of messages(), naming every value it carries. */
  messageSentences(from: number, to: number): string[];
}

const SEED_PHASE_NAMES: Record<string, string> = {
  'reduce-scatter': 'share-reduce',
  allgather: 'share-only',
};

export function phaseLabel(phase: string): string {
  return SEED_PHASE_NAMES[phase] ?? phase;
}

/**
 * What the steps will do, said before the first: "It takes 6 steps: 3 of share-reduce
 * (reduce-scatter), then 3 of share-only (all-gather)." Consecutive steps of one phase count
 * together; null for a schedule of no steps.
 */
export function planSentence(schedule: Schedule): string | null {
  const runs: { phase: string; count: number }[] = [];
  for (const step of schedule.steps) {
    const phase = step.phase ?? '';
    const last = runs[runs.length - 1];
    if (last?.phase === phase) last.count++;
    else runs.push({ phase, count: 1 });
  }
  const total = schedule.steps.length;
  if (total === 0) return null;
  const named = (phase: string) => (phaseLabel(phase) === phase ? phase : `${phaseLabel(phase)} (${phase})`);
  const steps = `${total} step${total === 1 ? '' : 's'}`;
  if (runs.length === 1) return runs[0].phase ? `It takes ${steps} of ${named(runs[0].phase)}.` : `It takes ${steps}.`;
  if (runs.length > 4 || runs.some((run) => !run.phase)) return `It takes ${steps}.`;
  return `It takes ${steps}: ${runs.map((run) => `${run.count} of ${named(run.phase)}`).join(', then ')}.`;
}

/** What the UI or CLI shows before step 1, or null when the op needs no preface (all but avg). */
export function opPreface(op: ReduceOp, devices: number): string | null {
  return op === 'avg' ? `Every GPU first multiplies its gradient by 1/${devices}.` : null;
}

/** What `device` holds before the first step: a₁…a₄, or a₁ when the buffer is one chunk. */
export function inputExpression(device: number, chunks: number, devices: number): string {
  const first = term(device, 0, devices);
  return chunks === 1 ? first : `${first}…${deviceLetter(device, devices)}${subscript(chunks)}`;
}

/**
 * The sentence before the first step, naming the inputs of the first `listed` GPUs: "Each GPU starts
 * with its own gradient, split into 4 chunks: GPU-0 holds a₁…a₄, GPU-1 holds b₁…b₄, …".
 */
export function openingSentence(devices: number, chunks: number, listed: number): string {
  // "and so on" for one GPU more would say less than naming it.
  const named = devices <= listed + 1 ? devices : listed;
  const who = Array.from({ length: named }, (_, d) => `${deviceLabel(d)} holds ${inputExpression(d, chunks, devices)}`);
  const split = chunks === 1 ? 'in one chunk' : `split into ${chunks} chunks`;
  const list = devices > named || named === 1 ? who.join(', ') : `${who.slice(0, -1).join(', ')} and ${who[named - 1]}`;
  return `Each GPU starts with its own gradient, ${split}: ${list}${devices > named ? ' and so on' : ''}.`;
}

/**
 * Where a schedule moves chunks between places, what else each GPU has: "Results go to an output
 * buffer of 3 chunks, and each GPU has 1 chunk of scratch; both start empty." Null for a plain schedule.
 */
export function buffersSentence(compiled: Pick<CompiledSchedule, 'plain' | 'layout'>): string | null {
  if (compiled.plain) return null;
  const { inPlace, output, scratch } = compiled.layout;
  const chunksOf = (n: number) => plural(n, 'chunk');
  const parts: string[] = [];
  if (!inPlace) parts.push(`Results go to an output buffer of ${chunksOf(output)}`);
  if (scratch > 0) parts.push(`${inPlace ? 'Each' : 'each'} GPU has ${chunksOf(scratch)} of scratch`);
  if (parts.length === 0) return 'Chunks move between places of the buffer, and within each GPU.';
  return `${parts.join(', and ')}; ${parts.length > 1 ? 'both start' : 'it starts'} empty.`;
}

/** How much of a value is written: every term (abbreviated past ABBREVIATE_ABOVE), or the brief form. */
export type ExpressionForm = 'full' | 'brief';

/** The value `terms` of a (device, chunk) cell among `devices` devices under `op`, e.g. (d₄+a₄) or max(d₄, a₄). */
export function valueExpression(terms: TermSeq, chunk: number, devices: number, op: ReduceOp = 'sum'): string {
  return termsExpression(terms, (device) => term(device, chunk, devices), op);
}

/** The value `terms` of cell (device, `slot`) of a schedule, in the seeds' notation: (d₄+a₄), or ∅ for a place nothing was written to. */
export function cellExpression(compiled: CompiledSchedule, terms: TermSeq, slot: number, op: ReduceOp = 'sum', form: ExpressionForm = 'full'): string {
  return termsExpression(terms, termNamer(compiled, slot), op, form);
}

/**
 * Characters of the longest brief expression of a sum over `devices` devices of `chunks` chunks, and
 * of its longest line when it wraps after its first term: (a₁₂+…+p₁₂) and "(a₁₂+", "…+p₁₂)".
 */
export function briefLength(devices: number, chunks: number): { oneLine: number; twoLines: number } {
  const termChars = deviceLetter(devices - 1, devices).length + String(chunks).length;
  if (devices <= BRIEF_ABOVE) return { oneLine: 2 * termChars + 3, twoLines: termChars + 2 };
  return { oneLine: 2 * termChars + 5, twoLines: termChars + 3 };
}

/**
 * How a schedule's terms are written: in a plain schedule a term is a device and its chunk the cell's;
 * otherwise a term is device d's chunk c (c·N + d), and ∅ a place nothing was written to.
 */
function termNamer(compiled: Pick<CompiledSchedule, 'devices' | 'chunks' | 'plain'>, chunk: number): (term: number) => string {
  const { devices } = compiled;
  if (compiled.plain) return (device) => term(device, chunk, devices);
  const nothing = nothingTerm(compiled);
  return (id) => (id === nothing ? '∅' : term(id % devices, Math.floor(id / devices), devices));
}

/** A value's terms under `op`, each named by `name`: (d₄+a₄), max(d₄, a₄). */
function termsExpression(terms: TermSeq, name: (term: number) => string, op: ReduceOp = 'sum', form: ExpressionForm = 'full'): string {
  const count = termCount(terms);
  if (count === 1) return name(terms as number);
  const brief = form === 'brief' && count > BRIEF_ABOVE;
  const abbreviated = !brief && count > ABBREVIATE_ABOVE;
  const [head, tail] = brief ? [1, 1] : abbreviated ? [SHOWN_HEAD, SHOWN_TAIL] : [count, 0];
  const shown = head < count ? [...headTerms(terms, head), -1, ...tailTerms(terms, tail)] : headTerms(terms, count);
  const names = shown.map((t) => (t < 0 ? '…' : name(t)));
  if (op === 'max' || op === 'min') {
    return `${op}(${names.join(', ')}${abbreviated ? `; ${count} terms` : ''})`;
  }
  const operator = op === 'prod' ? '×' : '+';
  return `(${names.join(operator)}${abbreviated ? `, ${count} terms` : ''})`;
}

function reduceClause(receiver: string, op: ReduceOp): string {
  switch (op) {
    case 'sum':
    case 'avg':
      return `where it gets added to ${receiver}`;
    case 'prod':
      return `where it gets multiplied into ${receiver}`;
    case 'max':
    case 'min':
      return `where it is combined with ${receiver} by elementwise ${op}`;
  }
}

function localReduce(value: string, from: string, into: string, op: ReduceOp): string {
  switch (op) {
    case 'sum':
    case 'avg':
      return `adds ${value} from ${from} to ${into}`;
    case 'prod':
      return `multiplies ${value} from ${from} into ${into}`;
    case 'max':
    case 'min':
      return `combines ${value} from ${from} with ${into} by elementwise ${op}`;
  }
}

/**
 * The sentence for one write, e.g. "GPU-2 sends (a₁+b₁+c₁+d₁) to GPU-3, which stores it." Where a
 * schedule moves chunks between places, the places are named: "GPU-0 sends b₁ to GPU-1, which stores
 * it in scratch chunk 2"; "GPU-1 adds b₁ from scratch chunk 2 to a₁ in input chunk 1".
 */
function writeSentence(write: TermWrite, compiled: CompiledSchedule, op: ReduceOp = 'sum'): string {
  if (compiled.plain) {
    const { devices } = compiled;
    const sent = `${deviceLabel(write.src)} sends ${valueExpression(write.incoming, write.chunk, devices, op)} to ${deviceLabel(write.dst)}`;
    if (write.op === 'copy') return `${sent}, which stores it.`;
    return `${sent}, ${reduceClause(valueExpression(write.before, write.chunk, devices, op), op)}.`;
  }
  const name = termNamer(compiled, 0);
  const incoming = termsExpression(write.incoming, name, op);
  const before = termsExpression(write.before, name, op);
  const to = placeName(compiled.layout, write.chunk);
  if (write.src === write.dst) {
    const from = placeName(compiled.layout, write.srcChunk);
    if (write.op === 'copy') return `${deviceLabel(write.dst)} copies ${incoming} from ${from} to ${to}.`;
    return `${deviceLabel(write.dst)} ${localReduce(incoming, from, `${before} in ${to}`, op)}.`;
  }
  const sent = `${deviceLabel(write.src)} sends ${incoming} to ${deviceLabel(write.dst)}`;
  if (write.op === 'copy') return `${sent}, which stores it in ${to}.`;
  return `${sent}, ${reduceClause(`${before} in ${to}`, op)}.`;
}

/** Whether `next` carries the chunk after `last`'s, from the same device to the same device alike: one message. */
function sameMessage(last: TermWrite, next: TermWrite): boolean {
  return next.src === last.src && next.dst === last.dst && next.op === last.op && next.chunk === last.chunk + 1 && next.srcChunk === last.srcChunk + 1;
}

/** Runs of writes sent as one message, each [first, end). */
function messageRuns(writes: readonly TermWrite[]): [number, number][] {
  const runs: [number, number][] = [];
  writes.forEach((write, i) => {
    const run = runs[runs.length - 1];
    if (run && run[1] === i && sameMessage(writes[i - 1], write)) run[1] = i + 1;
    else runs.push([i, i + 1]);
  });
  return runs;
}

/** "a, b, c and d". */
function listed(values: readonly string[]): string {
  return values.length < 2 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
}

/** Values shown in a message's sentence before "…": the first few and the last. */
const MESSAGE_SHOWN = 4;

function someOf(values: readonly string[]): string {
  if (values.length <= MESSAGE_SHOWN) return listed(values);
  return `${values.slice(0, MESSAGE_SHOWN - 1).join(', ')}, … ${values[values.length - 1]} (${values.length} chunks)`;
}

/**
 * The sentence for a message of several writes of a plain schedule, e.g. "GPU-0 sends a₅, a₆, a₇ and
 * a₈ to GPU-4, where they get added to e₅, e₆, e₇ and e₈." One write, or places that are not chunks,
 * keep writeSentence's.
 */
function messageSentence(writes: readonly TermWrite[], compiled: CompiledSchedule, op: ReduceOp): string {
  const [first] = writes;
  if (writes.length === 1 || !compiled.plain) return writes.map((write) => writeSentence(write, compiled, op)).join(' ');
  const { devices } = compiled;
  const incoming = writes.map((write) => valueExpression(write.incoming, write.chunk, devices, op));
  const sent = `${deviceLabel(first.src)} sends ${someOf(incoming)} to ${deviceLabel(first.dst)}`;
  if (first.op === 'copy') return `${sent}, which stores them.`;
  const before = someOf(writes.map((write) => valueExpression(write.before, write.chunk, devices, op)));
  return `${sent}, ${reduceClause(before, op).replace(/^where it (gets|is)/, (_, verb: string) => `where they ${verb === 'gets' ? 'get' : 'are'}`)}.`;
}

/** The story of step `index` (0-based) of `transfers` transfers, told from its first `writes`. */
export function stepStory(schedule: Schedule, index: number, writes: readonly TermWrite[], transfers: number, op: ReduceOp = 'sum'): StepStory {
  const written: string[] = [];
  let runs: [number, number][] | undefined;
  const compiled = compileSchedule(schedule);
  const phase = schedule.steps[index].phase ?? '';
  return {
    step: index + 1,
    phase,
    phaseLabel: phaseLabel(phase),
    transfers,
    unit: 'transfer',
    told: writes.length,
    sentences(from, to) {
      const out: string[] = [];
      for (let i = Math.max(0, from); i < Math.min(to, writes.length); i++) out.push((written[i] ??= writeSentence(writes[i], compiled, op)));
      return out;
    },
    messages: () => (runs ??= messageRuns(writes)),
    messageSentences(from, to) {
      const all = (runs ??= messageRuns(writes));
      return all.slice(Math.max(0, from), Math.max(0, to)).map(([first, end]) => messageSentence(writes.slice(first, end), compiled, op));
    },
  };
}

/**
 * The story told a sentence per message where some message carries several chunks (halving-doubling:
 * 8 sentences for a step of 32 transfers on 8 GPUs, where a room could not follow 32); else the story
 * itself. Its counts are of messages: the told transfers' messages, and each untold transfer as one.
 */
export function byMessage(story: StepStory): StepStory {
  const runs = story.messages();
  if (runs.length === story.told) return story;
  return {
    ...story,
    unit: 'message',
    transfers: runs.length + (story.transfers - story.told),
    told: runs.length,
    sentences: (from, to) => story.messageSentences(from, to),
  };
}

/** Tells a schedule one step at a time; the state after `stepsApplied` steps is queryable. */
export class Narrator {
  readonly schedule: Schedule;
  readonly op: ReduceOp;
  private readonly tracker: TermReplay;

  constructor(schedule: Schedule, op: ReduceOp = 'sum') {
    this.schedule = schedule;
    this.op = op;
    this.tracker = new TermReplay(schedule);
  }

  get stepsApplied(): number {
    return this.tracker.stepsApplied;
  }

  get done(): boolean {
    return this.tracker.done;
  }

  /** opPreface for this schedule's device count. */
  get preface(): string | null {
    return opPreface(this.op, this.schedule.devices);
  }

  /** Applies the next step and returns its narration. */
  narrateNext(): StepNarration {
    this.checkNotDone();
    const index = this.tracker.stepsApplied;
    const sentences: string[] = [];
    this.tracker.apply((write) => sentences.push(writeSentence(write, this.tracker.compiled, this.op)));
    const phase = this.schedule.steps[index].phase ?? '';
    return { step: index + 1, phase, phaseLabel: phaseLabel(phase), sentences };
  }

  /**
   * The narration of the next step without applying it; only its first `limit` transfers are read
   * (O(limit)), and a sentence is written when asked for.
   */
  peekNext(limit: number): StepStory {
    this.checkNotDone();
    return stepStory(this.schedule, this.tracker.stepsApplied, this.tracker.peekWrites(limit), this.tracker.nextStepTransfers, this.op);
  }

  /** Applies the next step without writing sentences. */
  skip(): void {
    this.checkNotDone();
    this.tracker.apply();
  }

  /** The current value of (device, chunk), e.g. (a₁+b₁); of a schedule that is not plain, (device, slot). */
  valueExpression(device: number, chunk: number): string {
    return termsExpression(this.tracker.terms(device, chunk), termNamer(this.tracker.compiled, chunk), this.op);
  }

  snapshot(): TrackerSnapshot<TermSeq> {
    return this.tracker.snapshot();
  }

  restore(snapshot: TrackerSnapshot<TermSeq>): void {
    this.tracker.restore(snapshot);
  }

  /** The current terms of (device, chunk), for views that lay them out themselves. */
  terms(device: number, chunk: number): TermSeq {
    return this.tracker.terms(device, chunk);
  }

  private checkNotDone(): void {
    if (this.done) {
      throw new GradsyncError('bad-argument', `all ${this.schedule.steps.length} steps are already narrated; there is no next step`);
    }
  }
}

/** Narration of step `stepIndex` (0-based), replaying the steps before it without rendering them. */
export function narrateStep(schedule: Schedule, stepIndex: number, op: ReduceOp = 'sum'): StepNarration {
  const narrator = new Narrator(schedule, op);
  const steps = schedule.steps.length;
  if (!Number.isInteger(stepIndex) || stepIndex < 0 || stepIndex >= steps) {
    throw new GradsyncError(
      'bad-argument',
      steps === 0
        ? `this schedule has no steps to narrate, got step index ${stepIndex}`
        : `step index must be an integer from 0 to ${steps - 1}, got ${stepIndex}`,
    );
  }
  for (let s = 0; s < stepIndex; s++) narrator.skip();
  return narrator.narrateNext();
}

/** Every step's narration; meant for small schedules (the CLI), since it renders every sentence. */
export function narrateAll(schedule: Schedule, op: ReduceOp = 'sum'): StepNarration[] {
  const narrator = new Narrator(schedule, op);
  const out: StepNarration[] = [];
  while (!narrator.done) out.push(narrator.narrateNext());
  return out;
}
