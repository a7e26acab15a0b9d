// How the faults panel names cells, faults and messages: chunks are counted from 1 here, as on the
// cards ("GPU-2 chunk 1"), and values are in the seeds' notation.

import type { LastCarried, LineageLink } from '../../core/diagnosis';
import { deviceLabel, term } from '../../core/notation';

export function cellName(device: number, chunk: number): string {
  return `${deviceLabel(device)} chunk ${chunk + 1}`;
}

/** "GPU-2 → GPU-3, c₁, reduce ⇒ (c₁+d₁)". */
export function linkBody(link: LineageLink): string {
  const { src, dst, op } = link.transfer;
  return `${deviceLabel(src)} → ${deviceLabel(dst)}, ${link.sent}, ${op} ⇒ ${link.result}`;
}

function andList(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "a₁ and b₁ last reached GPU-1 at step 1, in (a₁+b₁); no later transfer carried them on." */
export function carriedLine(carried: LastCarried, chunk: number, devices: number): string {
  const names = andList(carried.contributions.map((m) => term(m, chunk, devices)));
  if (carried.step === 0)
    return `${names} never left ${deviceLabel(carried.device)}: no transfer carried ${carried.contributions.length === 1 ? 'it' : 'them'}.`;
  const them = carried.contributions.length === 1 ? 'it' : 'them';
  const where = carried.place ? `${deviceLabel(carried.device)}'s ${carried.place}` : deviceLabel(carried.device);
  return `${names} last reached ${where} at step ${carried.step}, in ${carried.value}; no later transfer carried ${them} on.`;
}
