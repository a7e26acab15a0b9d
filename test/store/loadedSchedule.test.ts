// A loaded schedule's configuration: its shape, and elements it can split. A schedule that moves chunks
// between places needs chunks of one length, so loading it (by the loader, a link or an attribute)
// takes the nearest K that splits so, and a K set against it afterwards is named in one line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../src/core/algorithms';
import { parseScheduleText } from '../../src/core/formats/scheduleText';
import { encodeScheduleParam } from '../../src/core/formats/scheduleUrl';
import { DEFAULT_CONFIG } from '../../src/store/config';
import { modelOf } from '../../src/store/derive';
import { configFor } from '../../src/store/loadedSchedule';
import { parseUrlState } from '../../src/store/url';

const oop = parseScheduleText(readFileSync(new URL('../fixtures/msccl/allreduce_ring_oop.xml', import.meta.url), 'utf8'));

describe('the configuration of a loaded schedule', () => {
  it('takes the shape of the schedule and the nearest elements it splits into equal chunks', () => {
    expect(configFor({ ...DEFAULT_CONFIG, elements: 1024 }, oop)).toMatchObject({ devices: 3, collective: 'allreduce', elements: 1023 });
    expect(configFor({ ...DEFAULT_CONFIG, elements: 1 }, oop).elements).toBe(3);
    // A plain schedule splits any K.
    expect(configFor({ ...DEFAULT_CONFIG, elements: 1000 }, buildSchedule({ algorithm: 'ring', devices: 3 })).elements).toBe(1000);
  });

  it('does so for a schedule a link or an attribute carries', () => {
    const state = parseUrlState(`schedule=${encodeScheduleParam(oop)}&elements=1000`);
    expect(state.config.elements).toBe(999);
    expect(state.notices).toEqual([]);
  });

  it('names the elements setting in the app’s words when K does not split', () => {
    expect(() => modelOf({ ...DEFAULT_CONFIG, devices: 3, elements: 1000 }, oop)).toThrow(
      "Elements must be a multiple of 3, the schedule's chunks (it moves chunks between places); got 1000",
    );
  });
});
