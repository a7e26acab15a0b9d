// Any text, and any damage to a real log (lines lost, cut, swapped or garbled), is read or refused in
// one line naming a line of the log (or saying none is NCCL's): never a crash, never a rank outside
// the communicator.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GradsyncError } from '../../src/core/errors';
import { parseNcclLog } from '../../src/core/ncclLog';
import { clusterLog, type Style } from '../core/ncclLog/ncclLogs';

function readOrRefuse(text: string): void {
  try {
    const log = parseNcclLog(text);
    const ok = (rank: number) => Number.isInteger(rank) && rank >= -1 && rank < log.ranks;
    for (const ring of log.rings) expect(ring.order.every(ok)).toBe(true);
    for (const link of log.treeLinks) expect([link.rank, link.parent, ...link.children].every(ok)).toBe(true);
    for (const edge of [...log.ringEdges, ...log.otherEdges]) expect(ok(edge.from) && ok(edge.to)).toBe(true);
  } catch (error) {
    expect(error).toBeInstanceOf(GradsyncError);
    const message = String((error as Error).message);
    expect(message).not.toContain('\n');
    // A refusal names the line it stopped at, or says there is no line of NCCL's at all.
    expect(message).toMatch(/\bline \d+, “|^no NCCL lines in this log/);
  }
}

const STYLES: Style[] = ['2.4', '2.7', '2.12', '2.21', '2.30'];

describe('reading NCCL logs', () => {
  it('reads or refuses any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => readOrRefuse(text)),
      { numRuns: 300 },
    );
  });

  it('reads or refuses a real log with lines lost, cut, swapped or garbled', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STYLES),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'cut', 'swap', 'garble'), fc.nat()), { maxLength: 30 }),
        (style, damage) => {
          const lines = clusterLog(style, { nodes: 2, perNode: 4, channels: 2 }).split('\n');
          for (const [at, kind, by] of damage) {
            const i = at % lines.length;
            if (kind === 'drop') lines.splice(i, 1);
            else if (kind === 'cut') lines[i] = lines[i].slice(0, by % (lines[i].length + 1));
            else if (kind === 'swap') [lines[i], lines[by % lines.length]] = [lines[by % lines.length], lines[i]];
            else lines[i] = lines[i].replace(/\d/g, (d) => String((Number(d) + by) % 10));
            if (lines.length === 0) break;
          }
          readOrRefuse(lines.join('\n'));
        },
      ),
      { numRuns: 200 },
    );
  });
});
