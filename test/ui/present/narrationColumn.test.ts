import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { pictureTypeSize } from '../../../src/ui/devices/layout/pictureGeometry';
import { NARRATION_LEAST, narrowedColumn, usualColumn } from '../../../src/ui/present/narrationColumn';

/** The presenter's picture and narration at 1366×768: 1326 px across, the picture 633 px tall over its key. */
const MAIN = { width: 1326, height: 677 };

describe("the presenter's narration column", () => {
  it('is 28% of the screen between 300 and 520 px, and none beside the picture on a phone', () => {
    expect(usualColumn(1366)).toBeCloseTo(382.5, 1);
    expect(usualColumn(1024)).toBe(NARRATION_LEAST);
    expect(usualColumn(2560)).toBe(520);
    expect(usualColumn(390)).toBeNull();
  });

  it('narrows to 300 px for halving-doubling on 8, whose four cards a row then write 18 px, and stays where the picture already writes as a room reads: ring on 4 and 8', () => {
    const hd = buildSchedule({ algorithm: 'halving-doubling', devices: 8 });
    const usual = usualColumn(1366)!;
    expect(narrowedColumn(hd, MAIN, usual)).toBe(NARRATION_LEAST);
    const picture = (column: number) => pictureTypeSize(hd, { width: MAIN.width - column - 24, height: MAIN.height - 44 });
    expect(picture(usual)).toBeLessThan(17);
    expect(picture(NARRATION_LEAST)).toBeGreaterThanOrEqual(18);
    for (const devices of [4, 8]) expect(narrowedColumn(buildSchedule({ algorithm: 'ring', devices }), MAIN, usual)).toBeNull();
    // Already at its least on a 1024 px projector.
    expect(narrowedColumn(hd, { width: 984, height: 677 }, usualColumn(1024)!)).toBeNull();
  });
});
