// Where each part of a reduction tree is drawn: the inputs on one baseline, left to right in the
// order the expression writes them (the incoming value first), and every ⊕ on the row of its depth
// above them, midway over its two operands. So the drawing is as tall as the tree is deep, the k of
// its rounding bound, and a chain (ring) climbs one row per addition while a balanced tree stays low.
// The longest path, the one the bound counts, is marked.

import { deviceLabel, term } from '../../../core/notation';
import type { ReduceOp } from '../../../core/ops';
import { treeHeight, type ReductionTree } from '../../../core/symbolic';

/** Inputs drawn at most; past this a tree is written, not drawn. */
export const MAX_DRAWN_INPUTS = 64;

export interface TreeMetrics {
  /** Space per input on the baseline, and per row of depth (px). */
  inputGap: number;
  rowHeight: number;
  /** Margin around the drawing (px). */
  pad: number;
}

interface DrawnInput {
  x: number;
  y: number;
  label: string;
  device: number;
}

interface DrawnOp {
  x: number;
  y: number;
  symbol: string;
  /** "GPU-1 adds in step 3", for the tooltip. */
  title: string;
  onLongestPath: boolean;
}

interface DrawnEdge {
  from: { x: number; y: number };
  to: { x: number; y: number };
  /** Whether it leaves an input (its label) rather than a ⊕. */
  fromInput: boolean;
  onLongestPath: boolean;
}

export interface TreeDrawing {
  width: number;
  height: number;
  inputs: DrawnInput[];
  ops: DrawnOp[];
  edges: DrawnEdge[];
}

const OP_SYMBOL: Record<ReduceOp, string> = { sum: '+', avg: '+', prod: '×', max: 'max', min: 'min' };
const OP_VERB: Record<ReduceOp, string> = { sum: 'adds', avg: 'adds', prod: 'multiplies', max: 'takes the max', min: 'takes the min' };

/** The drawing of `tree` among `devices` devices (at most MAX_DRAWN_INPUTS inputs; the caller checks). */
export function layoutTree(tree: ReductionTree, devices: number, op: ReduceOp, metrics: TreeMetrics): TreeDrawing {
  const { inputGap, rowHeight, pad } = metrics;
  const depth = treeHeight(tree);
  const rowOf = (node: ReductionTree) => pad + (depth - treeHeight(node)) * rowHeight;
  const inputs: DrawnInput[] = [];
  const ops: DrawnOp[] = [];
  const edges: DrawnEdge[] = [];
  // Depth is at most MAX_DRAWN_INPUTS − 1 here, so plain recursion is safe.
  const place = (node: ReductionTree, longest: boolean): { x: number; y: number } => {
    const y = rowOf(node);
    if (node.kind === 'input') {
      const x = pad + (inputs.length + 0.5) * inputGap;
      inputs.push({ x, y, label: node.chunk < 0 ? '∅' : term(node.device, node.chunk, devices), device: node.device });
      return { x, y };
    }
    // The longest path goes on through the deeper operand (the incoming one where both are as deep).
    const deeper = treeHeight(node.incoming) >= treeHeight(node.into) ? node.incoming : node.into;
    const edge = (child: ReductionTree, from: { x: number; y: number }, to: { x: number; y: number }): DrawnEdge => ({
      from,
      to,
      fromInput: child.kind === 'input',
      onLongestPath: longest && child === deeper,
    });
    const left = place(node.incoming, longest && deeper === node.incoming);
    const right = place(node.into, longest && deeper === node.into);
    const at = { x: (left.x + right.x) / 2, y };
    edges.push(edge(node.incoming, left, at), edge(node.into, right, at));
    const what = node.from === node.device ? 'two of its own places' : `what ${deviceLabel(node.from)} sent`;
    const title = `${deviceLabel(node.device)} ${OP_VERB[op]} ${what}, in step ${node.step}`;
    ops.push({ x: at.x, y, symbol: OP_SYMBOL[op], title, onLongestPath: longest });
    return at;
  };
  place(tree, true);
  return { width: 2 * pad + inputs.length * inputGap, height: 2 * pad + depth * rowHeight, inputs, ops, edges };
}
