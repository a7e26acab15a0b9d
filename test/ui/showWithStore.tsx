// Renders a view with its own CPU-only store, and disposes every store after each test.

import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';
import type { SimConfig } from '../../src/store/config';
import { createSimStore, type SimStore } from '../../src/store/simStore';
import { SimProvider } from '../../src/ui/StoreContext';

const stores: SimStore[] = [];

afterEach(() => {
  cleanup();
  while (stores.length) stores.pop()!.getState().dispose();
});

export function showWithStore(view: ReactElement, config: Partial<SimConfig>, step = 0): SimStore {
  const store = createSimStore({ config: { backend: 'cpu', ...config }, gpu: null, step });
  stores.push(store);
  render(<SimProvider store={store}>{view}</SimProvider>);
  return store;
}
