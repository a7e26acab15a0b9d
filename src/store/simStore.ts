// One vanilla zustand store per simulator instance (the app, or each embedded figure): the
// configuration, what follows from it, the step shown, the player, the engine and the notices. Its
// first state is computed before it exists (initialState.ts); its actions come from slices, each in
// a file of its own, over the parts they share: the engine, the player, the rebuilds and the
// numbering of notices.

import { createStore } from 'zustand/vanilla';
import { calibrationSlice } from './calibrationSlice';
import { ncclBuildSlice } from './ncclBuildSlice';
import { engineSlice, storeEngine } from './engineSlice';
import { initialSimState, openingOf } from './initialState';
import { loadedSlice } from './loadedSlice';
import { noticeAppender, noticesSlice } from './notices';
import { playerSlice, storePlayback } from './playerSlice';
import { storeRebuilder } from './rebuild';
import { scheduleSlice } from './scheduleSlice';
import type { Sim, SimStore, SimStoreOptions } from './simState';

export type { Notice } from './notices';
export { playSpeed, stepDurationMs, totalSteps } from './simState';
export type { Preparing, Readout, Sim, SimState, SimStore, SimStoreOptions, TimelineTiming } from './simState';

export function createSimStore(options: SimStoreOptions = {}): SimStore {
  const opening = openingOf(options);
  const initial = initialSimState(opening, options);
  return createStore<Sim>()((set, get) => {
    const append = noticeAppender(initial.notices);
    const engine = storeEngine(set, get, options, append);
    const playback = storePlayback(set, get, engine, options);
    const rebuilder = storeRebuilder(set, get, { options, engine, playback, append });
    // The work the first state waits for starts with the store; what it reports comes once the store is made.
    rebuilder.begin(opening, initial);
    return {
      ...initial,
      ...scheduleSlice(set, get, rebuilder, playback),
      ...loadedSlice(set, get, rebuilder),
      ...playerSlice(set, get, playback),
      ...engineSlice(set, engine, playback),
      ...noticesSlice(set, get, append),
      ...calibrationSlice(get, set),
      ...ncclBuildSlice(get, set),
    };
  });
}
