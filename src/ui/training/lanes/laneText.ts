// The words of the iteration lanes: what an operation is ("forward of block 1 (layer 2)", "all-reduce
// of bucket 3"), what a merged bar holds ("3 all-reduces of buckets 4–6"), and what runs at a time t,
// a run of short operations held as one.

import { COMM_KIND_NAMES, groupOps, type CommSpan, type ComputeSpan, type Iteration, type OpGroup } from '../../../core/training';
import { formatBytes, formatMicroseconds, plural } from '../../../core/units';

export type LaneOp = ComputeSpan | CommSpan;

/** The colour an operation is drawn in: its pass, or its collective. */
function opKey(op: LaneOp): string {
  return 'pass' in op ? op.pass : op.kind;
}

/** "block 1 (layer 2)"; "layer 3" where that is the layer's name. */
function layerName(span: ComputeSpan): string {
  const numbered = `layer ${span.layer + 1}`;
  return span.name === numbered ? numbered : `${span.name} (${numbered})`;
}

function opText(op: LaneOp): string {
  return 'pass' in op ? `${op.pass} of ${layerName(op)}` : `${COMM_KIND_NAMES[op.kind]} of ${op.what}`;
}

const KIND_PLURALS: Readonly<Record<string, [string, string]>> = {
  forward: ['forward pass', 'forward passes'],
  backward: ['backward pass', 'backward passes'],
  push: ['push', 'pushes'],
};

function kindCount(key: string, count: number): string {
  const [one, many] = KIND_PLURALS[key] ?? [COMM_KIND_NAMES[key as CommSpan['kind']], `${COMM_KIND_NAMES[key as CommSpan['kind']]}s`];
  return plural(count, one, many);
}

/** "buckets 4–6", "layers 12, 10, 7", "all parameters": the numbered things an operation of each is done on. */
function range(whats: readonly string[]): string {
  const parsed = whats.map((what) => /^(\w+) (\d+)$/.exec(what));
  const noun = parsed[0]?.[1];
  if (!parsed.every((match) => match && match[1] === noun)) return whats.join(', ');
  const numbers = parsed.map((match) => Number(match![2]));
  if (numbers.length === 1) return whats[0];
  const step = numbers[1] - numbers[0];
  const consecutive = Math.abs(step) === 1 && numbers.every((n, i) => i === 0 || n - numbers[i - 1] === step);
  return `${noun}s ${consecutive ? `${numbers[0]}–${numbers.at(-1)}` : numbers.join(', ')}`;
}

/** What the operations of one kind in a merged bar are: "3 all-reduces of buckets 4–6", "12 forward passes of layers 2–13". */
function kindSummary(key: string, ops: readonly LaneOp[]): string {
  const whats = ops.map((op) => ('pass' in op ? `layer ${op.layer + 1}` : op.what));
  return `${kindCount(key, ops.length)} of ${range(whats)}`;
}

/** The operations of a group by colour, in the order they first run. */
export function byKind(group: OpGroup<LaneOp>): [string, LaneOp[]][] {
  const kinds = new Map<string, LaneOp[]>();
  for (const op of group.ops) kinds.set(opKey(op), [...(kinds.get(opKey(op)) ?? []), op]);
  return [...kinds];
}

/** A bar's tooltip: the operation and its time, or every operation merged and the time they take. */
export function groupTitle(group: OpGroup<LaneOp>): string {
  const when = `from ${formatMicroseconds(group.startUs)} to ${formatMicroseconds(group.endUs)}`;
  if (group.ops.length === 1) return `${opText(group.ops[0])}: ${formatMicroseconds(group.busyUs)}, ${when}`;
  const parts = byKind(group).map(([key, ops]) => kindSummary(key, ops));
  return `${group.ops.length} operations merged, too close together to draw apart: ${parts.join(', ')}; busy ${formatMicroseconds(group.busyUs)} ${when}`;
}

/** A bar's link to the collective view: its operation, or any of a merged bar's alike ones. */
export function linkLabel(group: OpGroup<CommSpan>): string {
  if (group.ops.length === 1) return `Open the ${opText(group.ops[0])} in the collective view`;
  const summary = kindSummary(group.ops[0].kind, group.ops);
  return `Open one of these ${summary}, ${formatBytes(group.ops[0].bytes)} each, in the collective view`;
}

/** The label a merged bar carries where it fits, longest first: "3 buckets", "×3". */
export function groupLabels(group: OpGroup<LaneOp>): string[] {
  const n = group.ops.length;
  const nouns = new Set(group.ops.map((op) => ('pass' in op ? 'layer' : /^(\w+) \d+$/.exec(op.what)?.[1])));
  const [noun] = nouns;
  return nouns.size === 1 && noun ? [plural(n, noun), `×${n}`] : [`×${n}`];
}

/** "layers 50–45" for a run that covers them all in some order (ZeRO-3's backward fetches one layer and reduces the next), else as range() says. */
function runRange(whats: readonly string[]): string {
  const parsed = whats.map((what) => /^(\w+) (\d+)$/.exec(what));
  const noun = parsed[0]?.[1];
  if (whats.length < 2 || !parsed.every((match) => match && match[1] === noun)) return range(whats);
  const numbers = parsed.map((match) => Number(match![2]));
  const [low, high] = [Math.min(...numbers), Math.max(...numbers)];
  if (high - low + 1 !== numbers.length) return range(whats);
  return numbers[0] <= numbers[numbers.length - 1] ? `${noun}s ${low}–${high}` : `${noun}s ${high}–${low}`;
}

/** A run of operations told as one: "backward of layers 30–24", "all-gather and reduce-scatter of layers 50–45". */
function runText(ops: readonly LaneOp[]): string {
  if (ops.length === 1) return opText(ops[0]);
  const names = [...new Set(ops.map((op) => ('pass' in op ? op.pass : COMM_KIND_NAMES[op.kind])))];
  // ZeRO-3 fetches a layer twice (before its forward and its backward): each is named once.
  const whats = [...new Set(ops.map((op) => ('pass' in op ? `layer ${op.layer + 1}` : op.what)))];
  return `${names.join(' and ')} of ${runRange(whats)}`;
}

/** Collectives on the same kind of thing (layers, buckets) are told as one run: ZeRO-3's backward fetches a layer and reduces the next. */
function sameThings(a: CommSpan, b: CommSpan): boolean {
  const noun = (what: string) => /^(\w+) \d+$/.exec(what)?.[1];
  return a.kind === b.kind || (noun(a.what) !== undefined && noun(a.what) === noun(b.what));
}

/** What a lane says from startUs on (up to the next saying). */
interface Saying {
  startUs: number;
  text: string;
}

/**
 * What one lane says over [0, endUs): each group of its operations (or each operation, with holdUs 0)
 * by name, `idle(t)` between them. Words stay at least holdUs: a saying that comes sooner waits until
 * they have, and is left out if the next one is due by then. So the words are never more than holdUs
 * behind the playhead, and the first always says how the run begins.
 */
function laneSayings(groups: readonly OpGroup<LaneOp>[], endUs: number, holdUs: number, idle: (t: number) => string): Saying[] {
  const said: Saying[] = [];
  const say = (startUs: number, text: string) => {
    if (said.at(-1)?.text !== text) said.push({ startUs, text });
  };
  let t = 0;
  for (const group of groups) {
    if (group.startUs > t) say(t, idle(t));
    say(group.startUs, runText(group.ops));
    t = group.endUs;
  }
  if (t < endUs) say(t, idle(t));
  const held: Saying[] = [];
  said.forEach((saying, i) => {
    const last = held.at(-1);
    // Too soon after the last words: they hold, and this saying follows once they have stood long
    // enough, unless another comes before then.
    const startUs = last ? Math.max(saying.startUs, last.startUs + holdUs) : saying.startUs;
    if (startUs >= (said[i + 1]?.startUs ?? endUs) || last?.text === saying.text) return;
    held.push({ startUs, text: saying.text });
  });
  return held;
}

function sayingAt(said: readonly Saying[], t: number): string {
  let text = '';
  for (const saying of said) {
    if (saying.startUs > t) break;
    text = saying.text;
  }
  return text;
}

/**
 * What one run is doing over the iteration: the layer computing (or compute waiting, or done) and the
 * operation in flight. With `holdUs`, operations of one kind that together last less than it are told
 * as one run ("forward of layers 2–8"), and a lane's words stay at least that long: a playhead that
 * sweeps a layer in a quarter of a second would otherwise change them faster than anyone reads.
 */
export function runStatus(run: Iteration, holdUs = 0): { at(t: number): string; longest(count: number): string[] } {
  const computeEnd = Math.max(0, ...run.compute.map((span) => span.endUs));
  // A run of compute is one pass (forward or backward); the communication stream's may mix collectives.
  const compute = laneSayings(
    groupOps(run.compute, holdUs, (a, b) => a.pass === b.pass),
    run.iterationUs,
    holdUs,
    (t) => (t < computeEnd ? 'compute waits' : 'compute done'),
  );
  const comm = laneSayings(groupOps(run.comm, holdUs, sameThings), run.iterationUs, holdUs, () => '');
  const at = (t: number): string => {
    if (t >= run.iterationUs) return `done at ${formatMicroseconds(run.iterationUs)}`;
    return [sayingAt(compute, t), sayingAt(comm, t)].filter(Boolean).join(' · ');
  };
  return {
    at,
    longest(count) {
      const times = [...compute, ...comm].map((saying) => saying.startUs);
      const texts = new Set([...times, run.iterationUs].map(at));
      return [...texts].sort((a, b) => b.length - a.length).slice(0, count);
    },
  };
}

/** What one run is doing at t (runStatus, for one moment). */
export function statusAt(run: Iteration, t: number, holdUs = 0): string {
  return runStatus(run, holdUs).at(t);
}
