// The page URL follows the simulation (configuration and step), so a link opens exactly this state.

import { useEffect } from 'react';
import type { SimStore } from '../../store/simStore';
import { formatUrlState } from '../../store/url';

export function useUrlSync(store: SimStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let last = '';
    const write = () => {
      const { config, step, custom } = store.getState();
      // A loaded schedule is not in the URL; the link keeps the algorithm it replaced.
      const search = formatUrlState(config, custom ? 0 : step);
      if (search === last) return;
      last = search;
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
    };
    write();
    return store.subscribe(write);
  }, [store, enabled]);
}
