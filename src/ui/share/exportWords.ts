// The words an exported picture carries so it can stand alone in a post: which step it shows, in the
// narration's terms ("Step 2 of 6 · share-reduce (reduce-scatter)"), and a caption naming the
// configuration ("ring all-reduce · 4 GPUs · 1,024 elements (4.00 KiB) each · sum · gradsync").

import { phaseLabel } from '../../core/narration';
import type { ReduceOp } from '../../core/ops';
import { COLLECTIVE_NAMES, reducesData, type Schedule } from '../../core/schedule';
import { BYTES_PER_ELEMENT } from '../../core/model';
import { formatBytes, plural } from '../format';

/** What the picture shows, as the narration panel heads it; step 0 is the state before any. */
export function stepLine(schedule: Schedule, step: number): string {
  if (step <= 0) return 'Before the first step';
  const phase = schedule.steps[step - 1]?.phase ?? '';
  const label = phaseLabel(phase);
  const named = phase === '' ? '' : label === phase ? ` · ${phase}` : ` · ${label} (${phase})`;
  return `Step ${step} of ${schedule.steps.length}${named}`;
}

export interface CaptionSource {
  schedule: Schedule;
  /** The loaded schedule's name, in place of the algorithm's. */
  customName: string | null;
  elements: number;
  op: ReduceOp;
}

export function pictureCaption({ schedule, customName, elements, op }: CaptionSource): string {
  const perNode = schedule.devicesPerNode;
  const gpus = plural(schedule.devices, 'GPU', 'GPUs') + (perNode && perNode < schedule.devices ? ` in nodes of ${perNode}` : '');
  const size = `${plural(elements, 'element', 'elements')} (${formatBytes(elements * BYTES_PER_ELEMENT)}) each`;
  const parts = [`${customName ?? schedule.algorithm} ${COLLECTIVE_NAMES[schedule.collective]}`, gpus, size];
  if (reducesData(schedule.collective)) parts.push(op);
  parts.push('gradsync');
  return parts.join(' · ');
}
