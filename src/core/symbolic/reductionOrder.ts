// The expression tree of the reduction behind a value: which inputs were combined, in which order,
// on which device and in which step. It is read off the schedule's transfers by TermReplay, whose
// concatenation of the incoming terms and the receiver's is exactly one ⊕ node; this module only
// names each node's step and device. A copy shares the sender's tree, so a value computed once and
// then passed on (all-gather, broadcast) is the same tree on every device that holds it.
//
// Two trees equal up to swapping the operands of a ⊕ give the same bits (⊕ commutes in IEEE
// arithmetic); they carry equal fingerprints (fingerprint.ts), as the verifier's `sameOrder` does.

import { invariant } from '../errors';
import { compileSchedule, type CompiledSchedule } from '../schedule/compile';
import type { Schedule } from '../schedule/ir';
import { rowSlot } from '../schedule/slots';
import { nothingTerm } from './contributionReplay';
import { leafH1, leafH2, sumH1, sumH2 } from './fingerprint';
import { TermReplay, type TermSeq } from './terms';

/** An input as the schedule found it. */
export interface InputLeaf {
  readonly kind: 'input';
  /** The device whose input it is. */
  readonly device: number;
  /** The data chunk it belongs to; −1 for a place nothing was written to, which holds zeros. */
  readonly chunk: number;
  readonly h1: number;
  readonly h2: number;
}

/** One ⊕, applied as the engines apply it: into ⊕= incoming. */
export interface ReduceNode {
  readonly kind: 'reduce';
  /** The message, as its source stood at the start of the step. */
  readonly incoming: ReductionTree;
  /** What the receiving place held. */
  readonly into: ReductionTree;
  /** The step (from 1), the device that applied the ⊕ and the one that sent the message. */
  readonly step: number;
  readonly device: number;
  readonly from: number;
  /** ⊕s on the longest path from an input up to this node: the tree's depth. */
  readonly height: number;
  /** Inputs below it, a contribution held twice counted twice. */
  readonly inputs: number;
  readonly h1: number;
  readonly h2: number;
}

export type ReductionTree = InputLeaf | ReduceNode;

/** What one device ends holding for the chunk: the tree, and the place it sits in. */
interface HeldReduction {
  readonly device: number;
  readonly slot: number;
  readonly tree: ReductionTree;
}

/** Every device's tree for one data chunk, after the last step. */
export interface ReductionOrder {
  readonly chunk: number;
  readonly devices: number;
  readonly held: readonly HeldReduction[];
}

export function treeHeight(tree: ReductionTree): number {
  return tree.kind === 'input' ? 0 : tree.height;
}

export function treeInputs(tree: ReductionTree): number {
  return tree.kind === 'input' ? 1 : tree.inputs;
}

/** Whether two trees are the same expression up to swapped operands, so give the same bits. */
export function sameExpression(a: ReductionTree, b: ReductionTree): boolean {
  return a.h1 === b.h1 && a.h2 === b.h2;
}

function reduceNode(incoming: ReductionTree, into: ReductionTree, step: number, device: number, from: number): ReduceNode {
  // The fingerprint ignores which side each operand came from, as contributionReplay's does.
  const [x, y] = into.h1 < incoming.h1 || (into.h1 === incoming.h1 && into.h2 <= incoming.h2) ? [into, incoming] : [incoming, into];
  return {
    kind: 'reduce',
    incoming,
    into,
    step,
    device,
    from,
    height: 1 + Math.max(treeHeight(incoming), treeHeight(into)),
    inputs: treeInputs(incoming) + treeInputs(into),
    h1: sumH1(x.h1, x.h2, y.h1, y.h2),
    h2: sumH2(x.h1, x.h2, y.h1, y.h2),
  };
}

/**
 * The trees every device ends holding for data chunk `chunk`: in a plain schedule the cell (d, chunk),
 * otherwise the place its result row reads chunk `chunk` from (rowSlot).
 */
export function reductionOrder(schedule: Schedule | CompiledSchedule, chunk: number): ReductionOrder {
  const compiled = 'stepStart' in schedule ? schedule : compileSchedule(schedule);
  const { devices, chunks, plain, layout } = compiled;
  invariant(Number.isInteger(chunk) && chunk >= 0 && chunk < chunks, `reductionOrder: chunk ${chunk} outside 0…${chunks - 1}`);
  const nothing = nothingTerm(compiled);
  const leaves = new Map<number, InputLeaf>();
  // A term is a device in a plain schedule (of the cell's own chunk), else device d's chunk c as c·N + d.
  const leafOf = (term: number): InputLeaf => {
    let leaf = leaves.get(term);
    if (!leaf) {
      const empty = !plain && term === nothing;
      const device = empty ? -1 : plain ? term : term % devices;
      const dataChunk = empty ? -1 : plain ? chunk : Math.floor(term / devices);
      leaf = { kind: 'input', device, chunk: dataChunk, h1: leafH1(term), h2: leafH2(term) };
      leaves.set(term, leaf);
    }
    return leaf;
  };
  const nodes = new WeakMap<object, ReduceNode>();
  const treeOf = (seq: TermSeq): ReductionTree => {
    if (typeof seq === 'number') return leafOf(seq);
    const node = nodes.get(seq);
    invariant(node !== undefined, 'reductionOrder: a value whose ⊕ was not recorded');
    return node;
  };

  const replay = new TermReplay(compiled);
  while (!replay.done) {
    const step = replay.stepsApplied + 1;
    replay.apply((write) => {
      // In a plain schedule chunk c only ever meets chunk c, so the other chunks' ⊕s never matter here.
      if (write.op !== 'reduce' || (plain && write.chunk !== chunk)) return;
      const made = replay.terms(write.dst, write.chunk);
      invariant(typeof made !== 'number', 'reductionOrder: a reduce that made no ⊕');
      nodes.set(made, reduceNode(treeOf(write.incoming), treeOf(write.before), step, write.dst, write.src));
    });
  }
  const held = Array.from({ length: devices }, (_, device) => {
    const slot = plain ? chunk : rowSlot(layout, device, chunk);
    return { device, slot, tree: treeOf(replay.terms(device, slot)) };
  });
  return { chunk, devices, held };
}

/**
 * The devices of `among` (all, by default) grouped by the expression they hold, up to swapped
 * operands, in device order.
 */
export function expressionGroups(order: ReductionOrder, among: readonly number[] = order.held.map((h) => h.device)): number[][] {
  const groups: { tree: ReductionTree; devices: number[] }[] = [];
  for (const device of among) {
    const { tree } = order.held[device];
    const group = groups.find((g) => sameExpression(g.tree, tree));
    if (group) group.devices.push(device);
    else groups.push({ tree, devices: [device] });
  }
  return groups.map((g) => g.devices);
}

/**
 * Folds a tree from its inputs up, each node once (a tree may share a subtree, and may be thousands of
 * ⊕s deep, so the walk keeps its own stack).
 */
export function foldTree<T>(tree: ReductionTree, input: (leaf: InputLeaf) => T, reduce: (node: ReduceNode, incoming: T, into: T) => T): T {
  const done = new Map<ReductionTree, T>();
  const pending: ReductionTree[] = [tree];
  while (pending.length > 0) {
    const node = pending[pending.length - 1];
    if (done.has(node)) {
      pending.pop();
      continue;
    }
    if (node.kind === 'input') {
      done.set(node, input(node));
      pending.pop();
      continue;
    }
    const waiting = [node.incoming, node.into].filter((child) => !done.has(child));
    if (waiting.length > 0) {
      pending.push(...waiting);
      continue;
    }
    done.set(node, reduce(node, done.get(node.incoming)!, done.get(node.into)!));
    pending.pop();
  }
  return done.get(tree)!;
}
