// What NCCL built, as its own log and XML dumps tell it (core/ncclLog), loaded in the app: a log, a
// topology dump and a graph dump may be shown together, each replacing only one of its kind. What
// cannot be read replaces nothing and is one line naming the line at fault.

import { GradsyncError } from '../core/errors';
import { looksLikeNcclDump, parseNcclDump, parseNcclLog, type DumpedGraph, type DumpedTopology, type NcclLog } from '../core/ncclLog';

interface Named<T> {
  /** The file it came from, or what pasted text is called. */
  name: string;
  value: T;
}

export interface NcclBuild {
  log: Named<NcclLog> | null;
  topology: Named<DumpedTopology> | null;
  graphs: Named<DumpedGraph[]> | null;
  /** Which was loaded last: the view brings it on screen. */
  last: 'log' | 'topology' | 'graphs';
}

export interface NcclBuildSlice {
  /** What NCCL built, shown until closed, whatever the schedule. */
  ncclBuild: NcclBuild | null;
  /** Shows NCCL's log or dump `text`; returns what is wrong with it in one line, or null. */
  loadNcclBuild(text: string, name: string): string | null;
  clearNcclBuild(): void;
}

const EMPTY: NcclBuild = { log: null, topology: null, graphs: null, last: 'log' };

export function ncclBuildSlice(get: () => NcclBuildSlice, set: (patch: Partial<NcclBuildSlice>) => void): NcclBuildSlice {
  return {
    ncclBuild: null,
    loadNcclBuild(text, name) {
      const shown = get().ncclBuild ?? EMPTY;
      try {
        if (!looksLikeNcclDump(text)) {
          set({ ncclBuild: { ...shown, log: { name, value: parseNcclLog(text) }, last: 'log' } });
          return null;
        }
        const dump = parseNcclDump(text);
        set({
          ncclBuild:
            dump.kind === 'topology'
              ? { ...shown, topology: { name, value: dump.topology }, last: 'topology' }
              : { ...shown, graphs: { name, value: dump.graphs }, last: 'graphs' },
        });
        return null;
      } catch (error) {
        if (!(error instanceof GradsyncError)) throw error;
        return error.message;
      }
    },
    clearNcclBuild() {
      set({ ncclBuild: null });
    },
  };
}
