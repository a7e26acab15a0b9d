// A CPU store per test, disposed after it: `const open = storeOpener();` at the top of a test file.

import { afterEach } from 'vitest';
import type { SimConfig } from '../../src/store/config';
import { createSimStore, type SimStore } from '../../src/store/simStore';

export function storeOpener(): (config: Partial<SimConfig>) => SimStore {
  const stores: SimStore[] = [];
  afterEach(() => {
    while (stores.length) stores.pop()!.getState().dispose();
  });
  return (config) => {
    const store = createSimStore({ gpu: null, config: { backend: 'cpu', ...config } });
    stores.push(store);
    return store;
  };
}
