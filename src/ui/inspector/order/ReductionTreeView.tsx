// One reduction tree drawn in SVG: the inputs in the seeds' notation on the baseline, each underlined
// in its device's colour, and every ⊕ as a small disc on the row of its depth. Labels are 15 px, so
// they read on a projector; a tree wider than the panel scrolls sideways rather than shrinking.

import type { ReduceOp } from '../../../core/ops';
import type { ReductionTree } from '../../../core/symbolic';
import { deviceColor } from '../../palette';
import { layoutTree, type TreeMetrics } from './treeLayout';

const METRICS: TreeMetrics = { inputGap: 36, rowHeight: 30, pad: 18 };
/** How far an input's label hangs below and rises above its point (px). */
const LABEL_BELOW = 6;
const LABEL_ABOVE = 12;
const OP_RADIUS = 11;

export interface ReductionTreeViewProps {
  tree: ReductionTree;
  devices: number;
  op: ReduceOp;
  /** The tree's name for screen readers: its algorithm and expression. */
  label: string;
}

export function ReductionTreeView({ tree, devices, op, label }: ReductionTreeViewProps) {
  const drawing = layoutTree(tree, devices, op, METRICS);
  const height = drawing.height + LABEL_BELOW + 6;
  return (
    <div className="gs-order-tree-scroll">
      <svg className="gs-order-tree" width={drawing.width} height={height} viewBox={`0 0 ${drawing.width} ${height}`} role="img" aria-label={label}>
        {drawing.edges.map((edge, i) => (
          // An edge leaves an input above its label, a ⊕ at the top of its disc, and ends under the disc above.
          <line
            key={i}
            className={edge.onLongestPath ? 'gs-order-edge gs-order-longest' : 'gs-order-edge'}
            x1={edge.from.x}
            y1={edge.from.y - (edge.fromInput ? LABEL_ABOVE : OP_RADIUS)}
            x2={edge.to.x}
            y2={edge.to.y + OP_RADIUS}
          />
        ))}
        {drawing.ops.map((node, i) => (
          <g key={i} className={node.onLongestPath ? 'gs-order-op gs-order-longest' : 'gs-order-op'}>
            <title>{node.title}</title>
            <circle cx={node.x} cy={node.y} r={node.symbol.length > 1 ? OP_RADIUS + 6 : OP_RADIUS} />
            <text x={node.x} y={node.y} dominantBaseline="central" textAnchor="middle">
              {node.symbol}
            </text>
          </g>
        ))}
        {drawing.inputs.map((input, i) => (
          <g key={i} className="gs-order-input">
            <text x={input.x} y={input.y} dominantBaseline="central" textAnchor="middle">
              {input.label}
            </text>
            {input.device >= 0 && (
              <rect x={input.x - 9} y={input.y + LABEL_BELOW + 2} width={18} height={3} rx={1.5} fill={deviceColor(input.device, devices)} />
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}
