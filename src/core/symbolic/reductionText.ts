// A reduction tree in the seeds' notation, every ⊕ in parentheses and the incoming value first, as
// the narration writes (d₄+a₄): ring's ((a₁+b₁)+c₁)+d₁ against a tree's (d₁+c₁)+(b₁+a₁). And where
// the devices' values came from: computed once and copied, or computed by each.

import { deviceLabel, term } from '../notation';
import type { ReduceOp } from '../ops';
import type { ReplicaGroup } from './elementReduction';
import { foldTree, type ReductionTree } from './reductionOrder';

/** The tree's expression, without parentheses around the whole: ((a₁+b₁)+c₁)+d₁, max(max(a₁, b₁), c₁). */
export function reductionExpression(tree: ReductionTree, devices: number, op: ReduceOp = 'sum'): string {
  const operator = op === 'prod' ? '×' : '+';
  const call = op === 'max' || op === 'min';
  const written = foldTree(
    tree,
    // ∅ is what the narration writes for a place nothing was written to.
    (leaf) => ({ text: leaf.chunk < 0 ? '∅' : term(leaf.device, leaf.chunk, devices), wrapped: false }),
    (_node, incoming, into) => {
      if (call) return { text: `${op}(${incoming.text}, ${into.text})`, wrapped: false };
      const side = (part: { text: string; wrapped: boolean }) => (part.wrapped ? `(${part.text})` : part.text);
      return { text: `${side(incoming)}${operator}${side(into)}`, wrapped: true };
    },
  );
  return written.text;
}

/** "GPU-0, GPU-2", or "every GPU" where the list is all `devices`; at most `shown` named. */
export function deviceList(list: readonly number[], devices: number, shown = 8): string {
  if (list.length === devices && devices > 1) return 'every GPU';
  const named = list.slice(0, shown).map(deviceLabel).join(', ');
  return list.length > shown ? `${named} and ${list.length - shown} more` : named;
}

/**
 * Where a group's value was made: "computed on GPU-2 (finished in step 3), then copied to every other
 * GPU", "each GPU computes it itself, in the same order up to swapped operands", "GPU-1's own input".
 */
export function replicaWords(group: ReplicaGroup, devices: number): string {
  const { tree, reducedOn } = group;
  const held = group.devices;
  if (tree.kind === 'input') {
    const origin = tree.chunk < 0 ? 'an empty place' : `${deviceLabel(tree.device)}'s input`;
    const copies = held.filter((d) => d !== tree.device);
    return copies.length === 0 ? `${origin}, never reduced` : `${origin}, copied to ${deviceList(copies, devices)}`;
  }
  const last = `finished in step ${tree.step}`;
  if (reducedOn.length === 1) {
    const copies = held.filter((d) => d !== reducedOn[0]);
    const where = `computed on ${deviceLabel(reducedOn[0])} (${last})`;
    if (copies.length === 0) return where;
    const to = copies.length === devices - 1 ? 'every other GPU' : deviceList(copies, devices);
    return `${where}, then copied to ${to}`;
  }
  if (reducedOn.length === held.length) return `each computes it itself (${last}), in the same order up to swapped operands`;
  return `computed on ${deviceList(reducedOn, devices)} in the same order up to swapped operands, then copied to the others`;
}
