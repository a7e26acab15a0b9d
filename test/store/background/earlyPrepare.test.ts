// The worker's side of a built page's early start: the configuration the page's address names is
// prepared before the page asks, and the page's request then takes it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSchedule } from '../../../src/core/algorithms';
import { unpackSchedule } from '../../../src/core/schedule/packed';
import type { BackgroundReply } from '../../../src/store/background/background';
import { backgroundAnswers } from '../../../src/store/background/answers';
import { derive, scheduleFor } from '../../../src/store/derive';
import { ADDRESS_MESSAGE } from '../../../src/store/background/earlyWorker';
import { parseUrlState } from '../../../src/store/url';

vi.mock('../../../src/store/derive', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/store/derive')>();
  return { ...actual, scheduleFor: vi.fn(actual.scheduleFor) };
});

function worker() {
  const replies: BackgroundReply[] = [];
  const answer = backgroundAnswers((reply) => replies.push(reply));
  const derived = () => replies.find((reply) => reply.kind === 'derived') as Extract<BackgroundReply, { kind: 'derived' }>;
  const modelled = () => replies.find((reply) => reply.kind === 'modelled') as Extract<BackgroundReply, { kind: 'modelled' }>;
  return { answer, replies, derived, modelled };
}

const ADDRESS = '?algorithm=ring&devices=128';

beforeEach(() => {
  vi.mocked(scheduleFor).mockClear();
});

describe('a worker told the page’s address', () => {
  it('builds the schedule it names before the page asks, and answers the page’s request with it', () => {
    const { answer, replies, derived, modelled } = worker();
    answer({ id: 0, kind: ADDRESS_MESSAGE, search: ADDRESS });
    expect(replies).toEqual([]);
    expect(scheduleFor).toHaveBeenCalledTimes(1);
    const { config } = parseUrlState(ADDRESS);
    answer({ id: 1, kind: 'derive', config, schedule: null, keepAs: 1 });
    expect(scheduleFor).toHaveBeenCalledTimes(1);
    const schedule = buildSchedule({ algorithm: 'ring', devices: 128 });
    expect(unpackSchedule(derived().packed!)).toEqual(schedule);
    const here = derive(config, schedule);
    // The schedule first, then its model, then its proof.
    expect(replies.map((reply) => reply.kind).filter((kind) => kind !== 'progress')).toEqual(['derived', 'modelled', 'verified']);
    expect(modelled().model.cost.totalUs).toBe(here.cost!.totalUs);
    expect(modelled().model.metrics).toEqual(here.metrics);
    expect(replies.at(-1)).toMatchObject({ kind: 'verified', verification: { ok: true } });
  });

  it('keeps the schedule but costs it again when the page asks with another model, and builds anew for another shape', () => {
    const { answer, modelled } = worker();
    answer({ id: 0, kind: ADDRESS_MESSAGE, search: ADDRESS });
    const config = { ...parseUrlState(ADDRESS).config, latencyUs: 40 };
    answer({ id: 1, kind: 'derive', config, schedule: null, keepAs: 1 });
    expect(scheduleFor).toHaveBeenCalledTimes(1);
    expect(modelled().model.cost.totalUs).toBe(derive(config, buildSchedule({ algorithm: 'ring', devices: 128 })).cost!.totalUs);

    const other = worker();
    other.answer({ id: 0, kind: ADDRESS_MESSAGE, search: ADDRESS });
    other.answer({ id: 1, kind: 'derive', config: { ...config, devices: 130 }, schedule: null, keepAs: 1 });
    expect(scheduleFor).toHaveBeenCalledTimes(3);
    expect(unpackSchedule(other.derived().packed!).devices).toBe(130);
  });

  it('prepares nothing for a page that prepares its own (a small configuration, a bad address)', () => {
    const { answer, replies } = worker();
    answer({ id: 0, kind: ADDRESS_MESSAGE, search: '?algorithm=ring&devices=8' });
    answer({ id: 0, kind: ADDRESS_MESSAGE, search: '?algorithm=hierarchical-ring&devices=129&devicesPerNode=7' });
    expect(replies).toEqual([]);
  });
});
