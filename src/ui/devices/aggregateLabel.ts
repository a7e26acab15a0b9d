// What the aggregate picture says to a screen reader: its structure, how much is held at the step,
// how far the chunks have got, and which links are busy.

import type { Schedule } from '../../core/schedule';
import type { StepProgress } from '../../core/symbolic/chunkProgress';
import type { AggregateMarks } from './layout/aggregateMarks';
import type { AggregateStructure } from './layout/aggregateStructure';
import type { LinkHeat } from './layout/linkHeat';

export interface AggregateLabelParts {
  schedule: Schedule;
  marks: AggregateMarks;
  structure: AggregateStructure;
  shown: number;
  average: number;
  progress: StepProgress | null;
  heat: LinkHeat;
  flagged: number;
}

function picture({ schedule, marks, structure }: AggregateLabelParts): string {
  const n = schedule.devices;
  if (structure.kind === 'trees') {
    const trees = structure.trees.map((tree) => `${tree.label}, ${tree.perDepth.length} depths`).join('; ');
    const count = structure.trees.length === 1 ? 'a tree' : `${structure.trees.length} trees`;
    return `${n} devices in the depth bands of ${count} (${trees}), the root innermost, coloured by how complete they are`;
  }
  if (marks.kind === 'grid') return `${n} devices as marks on blocks, one per node, coloured by how complete they are`;
  return `${n} devices as marks on a ring, GPU-0 at the top and the rest clockwise, coloured by how complete they are`;
}

export function aggregateLabel(parts: AggregateLabelParts): string {
  const { schedule, structure, shown, progress, heat, flagged } = parts;
  const sentences = [`${picture(parts)}: ${Math.round(parts.average * 100)}% of contributions held on average at step ${shown} of ${schedule.steps.length}.`];
  if (progress) sentences.push(`${progress.chunksReduced} of ${schedule.chunks} chunks fully reduced, ${progress.chunksShared} fully shared.`);
  if (structure.kind === 'partners' && shown > 0) sentences.push(`Round ${shown}: partners ${structure.distance[shown - 1]} apart.`);
  if (heat.busy > 0)
    sentences.push(
      `This step ${heat.busy} ${heat.busy === 1 ? 'link is' : 'links are'} busy, the busiest moving ${heat.most} ${heat.most === 1 ? 'chunk' : 'chunks'}.`,
    );
  if (flagged > 0) sentences.push(`${flagged} ${flagged === 1 ? 'device holds' : 'devices hold'} a wrong chunk, outlined in red.`);
  return sentences.join(' ');
}
