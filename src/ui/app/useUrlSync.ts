// The page URL follows the simulation (configuration and step, and a loaded schedule itself), so a
// link opens exactly this state; a loaded schedule too large for a link is named instead, never
// passed off as the algorithm it replaced.

import { useEffect } from 'react';
import type { SimStore } from '../../store/simStore';
import { afterFrame, type Timer } from '../../store/tasks';
import { addressSearch } from '../../store/url';

/**
 * While a run plays, the address follows it at most this often: each write is a navigation the browser
 * records, a few milliseconds of the frames the run draws. A pause, or a step by hand, is written
 * after the frame that shows it, so the write never delays what the reader sees.
 */
const PLAYING_WRITE_MS = 1000;

export function useUrlSync(store: SimStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = '';
    let writtenAt = -Infinity;
    let later: ReturnType<typeof setTimeout> | null = null;
    let pending: Timer | null = null;
    const write = () => {
      const { config, step, custom, playing } = store.getState();
      // A schedule too large for a link stays out of the address (a reload would fail at the server):
      // the address names it instead, and the share menu says why.
      const search = addressSearch(`${location.origin}${location.pathname}`, config, step, custom);
      if (search === last) return;
      const wait = playing ? writtenAt + PLAYING_WRITE_MS - performance.now() : 0;
      if (wait > 0) {
        later ??= setTimeout(() => {
          later = null;
          write();
        }, wait);
        return;
      }
      last = search;
      writtenAt = performance.now();
      // One write after the frame, of the latest address asked for by then.
      pending ??= afterFrame(() => {
        pending = null;
        history.replaceState(history.state, '', `${location.pathname}${last}${location.hash}`);
      });
    };
    write();
    const unsubscribe = store.subscribe(write);
    return () => {
      unsubscribe();
      if (later !== null) clearTimeout(later);
      pending?.cancel();
    };
  }, [store, enabled]);
}
