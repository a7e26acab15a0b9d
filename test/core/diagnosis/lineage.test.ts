import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScheduleText } from '../../../src/core/formats/scheduleText';
import { buildSchedule } from '../../../src/core/algorithms';
import { master } from '../../../src/core/algorithms/master';
import { ring } from '../../../src/core/algorithms/ring';
import { lastCarried, lineageOf } from '../../../src/core/diagnosis/lineage';
import { Narrator } from '../../../src/core/narration/narration';
import type { Schedule } from '../../../src/core/schedule/ir';
import { everyAlgorithm } from '../../fixtures/scenarios';

function ringWithoutStep2Hop(): Schedule {
  const broken = ring.build({ devices: 4 });
  broken.steps[1].transfers.splice(1, 1);
  return broken;
}

const brief = (links: ReturnType<typeof lineageOf>) =>
  links.map((l) => `${l.step}: ${l.transfer.src}→${l.transfer.dst} ${l.transfer.op} ${l.sent} ⇒ ${l.result}`);

describe('lineageOf', () => {
  it('traces ring on 4’s GPU-2 chunk 0 through the three reduces and three copies that built it', () => {
    expect(brief(lineageOf(ring.build({ devices: 4 }), 2, 0))).toEqual([
      '1: 0→1 reduce a₁ ⇒ (a₁+b₁)',
      '2: 1→2 reduce (a₁+b₁) ⇒ (a₁+b₁+c₁)',
      '3: 2→3 reduce (a₁+b₁+c₁) ⇒ (a₁+b₁+c₁+d₁)',
      '4: 3→0 copy (a₁+b₁+c₁+d₁) ⇒ (a₁+b₁+c₁+d₁)',
      '5: 0→1 copy (a₁+b₁+c₁+d₁) ⇒ (a₁+b₁+c₁+d₁)',
      '6: 1→2 copy (a₁+b₁+c₁+d₁) ⇒ (a₁+b₁+c₁+d₁)',
    ]);
  });

  it('shows the gap in ring on 4 without step 2’s GPU-1 → GPU-2: the value starts from GPU-2’s own c₁ at step 3', () => {
    expect(brief(lineageOf(ringWithoutStep2Hop(), 2, 0))).toEqual([
      '3: 2→3 reduce c₁ ⇒ (c₁+d₁)',
      '4: 3→0 copy (c₁+d₁) ⇒ (c₁+d₁)',
      '5: 0→1 copy (c₁+d₁) ⇒ (c₁+d₁)',
      '6: 1→2 copy (c₁+d₁) ⇒ (c₁+d₁)',
    ]);
  });

  it('keeps both reduces into one cell in one step, in the order they were applied', () => {
    expect(brief(lineageOf(master.build({ devices: 3 }), 1, 0))).toEqual([
      '1: 1→0 reduce b₁ ⇒ (b₁+a₁)',
      '1: 2→0 reduce c₁ ⇒ (c₁+b₁+a₁)',
      '2: 0→1 copy (c₁+b₁+a₁) ⇒ (c₁+b₁+a₁)',
    ]);
  });

  it('is empty for a chunk that still holds its input', () => {
    const idle = ring.build({ devices: 4 });
    idle.steps = [];
    expect(lineageOf(idle, 1, 2)).toEqual([]);
  });

  it('ends, for every algorithm, with a write to the cell that leaves its final value', () => {
    for (const n of [2, 3, 5, 8]) {
      for (const request of everyAlgorithm(n)) {
        const schedule = buildSchedule(request);
        const narrator = new Narrator(schedule);
        while (!narrator.done) narrator.skip();
        for (let d = 0; d < n; d++) {
          const links = lineageOf(schedule, d, 0);
          if (links.length === 0) {
            expect(narrator.valueExpression(d, 0), `${request.algorithm} on ${n}, GPU-${d}`).toBe(`${'abcdefgh'[d]}₁`);
            continue;
          }
          const last = links[links.length - 1];
          expect([last.transfer.dst, last.result], `${request.algorithm} on ${n}, GPU-${d}`).toEqual([d, narrator.valueExpression(d, 0)]);
          links.forEach((link, i) => i > 0 && expect(link.step).toBeGreaterThanOrEqual(links[i - 1].step));
        }
      }
    }
  });
});

describe('lastCarried', () => {
  it('says a₁ and b₁ last reached GPU-1 at step 1, in (a₁+b₁), when step 2’s GPU-1 → GPU-2 is gone', () => {
    expect(lastCarried(ringWithoutStep2Hop(), 0, [0, 1])).toEqual([{ contributions: [0, 1], step: 1, device: 1, value: '(a₁+b₁)' }]);
  });

  it('says a contribution no write carried never left its own device', () => {
    const silent = ring.build({ devices: 3 });
    silent.steps = silent.steps.map((step) => ({ ...step, transfers: step.transfers.filter((t) => t.src !== 2) }));
    expect(lastCarried(silent, 2, [2])).toEqual([{ contributions: [2], step: 0, device: 2, value: 'c₃' }]);
  });
});

describe('in a schedule that moves values between places', () => {
  // The MSCCL ring whose GPU 2 step 5 (rrc) stores chunk 4's partial sum into chunk 1.
  const text = readFileSync(new URL('../../fixtures/msccl/allreduce_ring_rrc.xml', import.meta.url), 'utf8');
  const step5 = text.indexOf('<step s="5" type="rrc" srcbuf="i" srcoff="3" dstbuf="i" dstoff="3"', text.indexOf('<gpu id="2"'));
  const wrong = parseScheduleText(text.slice(0, step5) + text.slice(step5).replace('dstoff="3"', 'dstoff="0"'));

  it('follows what GPU-2 chunk 4 lacks into the place it was moved to, not "never left"', () => {
    const [stop] = lastCarried(wrong, 3, [0, 1, 3]);
    expect(stop).toMatchObject({ contributions: [0, 1, 3], step: 3, device: 2, place: 'input chunk 1' });
    expect(stop.value).toMatch(/^\(.*a₄.*\)$/);
  });
});
