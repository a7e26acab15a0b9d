// The page's own address while a loaded schedule is shown: the schedule itself where a link can carry
// it, else its name (`loaded=`) with the settings and the step, never the algorithm it replaced; and
// what opening such an address shows: the built-in state its settings describe, and one notice.
import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { DEFAULT_CONFIG } from '../../src/store/config';
import { createSimStore } from '../../src/store/simStore';
import { addressSearch, formatUrlState, linkSearch, parseUrlState } from '../../src/store/url';

const BASE = 'https://example.org/app/';
/** Too large for a link, as loaded from a file whose schedule names no algorithm. */
const TOO_LARGE = { name: 'ring-64.json', schedule: { ...ring.build({ devices: 64 }), algorithm: '' } };
/** The configuration it is shown with, and settings of the user's own. */
const SHOWN = { ...DEFAULT_CONFIG, algorithm: 'tree', devices: 64, elements: 4096, latencyUs: 2, backend: 'cpu' as const };
const NOTICE =
  'This link was made while showing “ring-64.json”, a loaded schedule too large to share in a link: load it again to see it (the built-in ring is shown until then)';

describe('the address while a loaded schedule is shown', () => {
  it('is the link to the state where there is one', () => {
    const fits = ring.build({ devices: 6 });
    expect(addressSearch(BASE, SHOWN, 3, { name: 'ring', schedule: fits })).toBe(linkSearch(BASE, SHOWN, 3, fits));
    expect(addressSearch(BASE, SHOWN, 3, null)).toBe(formatUrlState(SHOWN, 3));
  });

  it('names a schedule too large for a link, with the settings and the step, and claims no algorithm', () => {
    expect(linkSearch(BASE, SHOWN, 3, TOO_LARGE.schedule)).toBeNull();
    expect(addressSearch(BASE, SHOWN, 3, TOO_LARGE)).toBe('?loaded=ring-64.json&elements=4096&latencyUs=2&backend=cpu&step=3');
    expect(addressSearch(BASE, SHOWN, 0, TOO_LARGE)).toBe('?loaded=ring-64.json&elements=4096&latencyUs=2&backend=cpu');
  });

  it('keeps a name short and on one line', () => {
    const search = addressSearch(BASE, DEFAULT_CONFIG, 0, { ...TOO_LARGE, name: `  my\nschedule ${'x'.repeat(200)}` });
    const name = new URLSearchParams(search).get('loaded')!;
    expect(name).toBe(`my schedule ${'x'.repeat(47)}…`);
    expect(name).toHaveLength(60);
  });
});

describe('opening an address that names a loaded schedule', () => {
  it('shows the built-in state its settings describe at step 0, and says why in one notice', () => {
    const search = addressSearch(BASE, SHOWN, 3, TOO_LARGE);
    const opened = parseUrlState(search);
    expect(opened).toEqual({
      config: { ...DEFAULT_CONFIG, elements: 4096, latencyUs: 2, backend: 'cpu' },
      step: 0,
      notices: [NOTICE],
    });
    const store = createSimStore({ gpu: null, config: opened.config, step: opened.step, notices: opened.notices });
    expect(store.getState()).toMatchObject({ custom: null, step: 0, config: { algorithm: 'ring', devices: 4 } });
    expect(store.getState().notices.map((n) => [n.level, n.text])).toEqual([['warning', NOTICE]]);
    store.getState().dispose();
  });

  it('names the algorithm a hand-made link asks for, and keeps its name short', () => {
    const { config, notices } = parseUrlState(`?loaded=${'y'.repeat(500)}&algorithm=tree&devices=8&step=x`);
    expect(config).toMatchObject({ algorithm: 'tree', devices: 8 });
    expect(notices).toEqual([
      `This link was made while showing “${'y'.repeat(59)}…”, a loaded schedule too large to share in a link: load it again to see it (the built-in tree is shown until then)`,
    ]);
  });

  it('shows a schedule the link carries, whatever name it gives', () => {
    const fits = ring.build({ devices: 6 });
    const { schedule, notices } = parseUrlState(`${linkSearch(BASE, DEFAULT_CONFIG, 2, fits)}&loaded=other`);
    expect(schedule).toEqual(fits);
    expect(notices).toEqual([]);
  });
});
