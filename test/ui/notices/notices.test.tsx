// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ring } from '../../../src/core/algorithms/ring';
import { createSimStore, type SimStore } from '../../../src/store/simStore';
import { INFO_MS, Notices } from '../../../src/ui/notices/Notices';
import { SimProvider } from '../../../src/ui/StoreContext';

function show(notices: string[] = []): SimStore {
  const store = createSimStore({ config: { backend: 'cpu' }, gpu: null, notices });
  render(
    <SimProvider store={store}>
      <Notices />
    </SimProvider>,
  );
  return store;
}

afterEach(cleanup);

describe('notices', () => {
  it('renders nothing without notices', () => {
    show();
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });

  it('leaves a loaded schedule’s verdict to the faults panel instead of stacking it over the side column', () => {
    const store = show();
    const broken = ring.build({ devices: 4 });
    broken.steps[1].transfers.splice(1, 1);
    act(() => {
      store.getState().loadSchedule(JSON.stringify(broken), 'broken.json');
    });
    expect(store.getState().notices.map((n) => n.about)).toEqual(['verdict']);
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });

  it('announces errors as alerts and the rest as status, newest last', () => {
    const store = show(['step 9 is past the last step']);
    act(() => {
      store.getState().notify('info', 'running on the CPU engine');
      store.getState().notify('error', 'schedule.json: the schedule is not valid JSON');
    });
    const items = Array.from(screen.getByRole('region', { name: 'Notices' }).querySelectorAll('li'));
    expect(items.map((item) => item.getAttribute('role'))).toEqual(['status', 'status', 'alert']);
    expect(items.map((item) => item.textContent)).toEqual([
      '⚠warning: step 9 is past the last step×',
      'ℹinfo: running on the CPU engine×',
      '✕error: schedule.json: the schedule is not valid JSON×',
    ]);
  });

  it('dismisses one notice with its close button', () => {
    const store = show(['first', 'second']);
    const buttons = screen.getAllByRole('button', { name: 'Dismiss warning' });
    fireEvent.click(buttons[0]);
    expect(store.getState().notices.map((n) => n.text)).toEqual(['second']);
    expect(screen.queryByText('first')).toBeNull();
    expect(screen.getByText('second')).toBeTruthy();
  });

  for (const count of [5, 7]) {
    it(`shows the newest 4 of ${count} and "+${count - 4} more", which expands to all`, () => {
      const texts = Array.from({ length: count }, (_, i) => `notice ${i + 1}`);
      show(texts);
      expect(screen.getAllByRole('status').map((item) => item.querySelector('.gs-notice-text')!.lastChild!.textContent)).toEqual(texts.slice(-4));
      fireEvent.click(screen.getByRole('button', { name: `+${count - 4} more` }));
      expect(screen.getAllByRole('status')).toHaveLength(count);
      fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
      expect(screen.getAllByRole('status')).toHaveLength(4);
    });
  }

  it('dismisses all at once', () => {
    const store = show(['a', 'b', 'c', 'd', 'e']);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all' }));
    expect(store.getState().notices).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Notices' })).toBeNull();
  });
});

describe('info notices', () => {
  it('go by themselves after a while, while warnings and errors stay', () => {
    vi.useFakeTimers();
    try {
      const store = show(['a warning']);
      act(() => {
        store.getState().notify('info', 'running on the CPU engine');
        store.getState().notify('error', 'a failure');
      });
      act(() => vi.advanceTimersByTime(INFO_MS - 1));
      expect(store.getState().notices.map((n) => n.text)).toEqual(['a warning', 'running on the CPU engine', 'a failure']);
      act(() => vi.advanceTimersByTime(1));
      expect(store.getState().notices.map((n) => n.text)).toEqual(['a warning', 'a failure']);
    } finally {
      vi.useRealTimers();
    }
  });
});
