// The words of the iteration lanes: what an operation is ("forward of block 1 (layer 2)", "all-reduce
// of bucket 3"), what a merged bar holds ("3 all-reduces of buckets 4–6"), and what runs at a time t.

import { COMM_KIND_NAMES, runningAt, type CommSpan, type ComputeSpan, type Iteration, type OpGroup } from '../../../core/training';
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

/** What one run is doing at t: the layer computing (or compute waiting, or done) and the operation in flight. */
export function statusAt(run: Iteration, t: number): string {
  if (t >= run.iterationUs) return `done at ${formatMicroseconds(run.iterationUs)}`;
  const { compute, comm } = runningAt(run, t);
  const computeEnd = Math.max(0, ...run.compute.map((span) => span.endUs));
  const parts = [compute ? opText(compute) : t < computeEnd ? 'compute waits' : 'compute done'];
  if (comm) parts.push(opText(comm));
  return parts.join(' · ');
}
