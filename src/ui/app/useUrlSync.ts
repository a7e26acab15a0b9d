// The page URL follows the simulation (configuration and step, and a loaded schedule itself), so a
// link opens exactly this state.

import { useEffect } from 'react';
import type { SimStore } from '../../store/simStore';
import { formatUrlState, linkSearch } from '../../store/url';

export function useUrlSync(store: SimStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = '';
    const write = () => {
      const { config, step, custom } = store.getState();
      // A schedule too large for a link stays out of the address (a reload would fail at the server);
      // the address keeps the algorithm it replaced, and the share menu says why.
      const search = linkSearch(`${location.origin}${location.pathname}`, config, step, custom?.schedule ?? null) ?? formatUrlState(config, 0);
      if (search === last) return;
      last = search;
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    };
    write();
    return store.subscribe(write);
  }, [store, enabled]);
}
