// Each simulator instance hands its own store down by context: two figures on one page never share
// state. Views select what they need; animation reads the store through subscribe into refs.

import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Sim, SimStore } from '../store/simStore';

const SimStoreContext = createContext<SimStore | null>(null);

export function SimProvider({ store, children }: { store: SimStore; children: ReactNode }) {
  return <SimStoreContext.Provider value={store}>{children}</SimStoreContext.Provider>;
}

export function useSimStore(): SimStore {
  const store = useContext(SimStoreContext);
  if (!store) throw new Error('gradsync invariant failed: a view is rendered outside <SimProvider>');
  return store;
}

export function useSim<T>(selector: (state: Sim) => T): T {
  return useStore(useSimStore(), selector);
}
