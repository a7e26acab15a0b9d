// Dropping a schedule (.json), an nccl-tests log, or NCCL's own log and dumps anywhere on the app:
// listeners on the given root element, and whether a file is being dragged over it (for the drop
// overlay).

import { useCallback, type RefObject } from 'react';
import { useSimStore } from '../StoreContext';
import { loadText, readLoadable } from './loadText';
import { looksLikeJson } from './readScheduleFile';
import { useFileDrop } from './useFileDrop';

/** Adds drag-and-drop loading to `rootRef`'s element; returns true while a file is dragged over it. */
export function useScheduleDrop(rootRef: RefObject<HTMLElement | null>): boolean {
  const store = useSimStore();
  const onFiles = useCallback(
    (files: File[]) => {
      // NCCL's log and its dumps, dropped together, are all shown; otherwise one file is loaded.
      const shown = files.length > 1 && files.every((f) => !looksLikeJson(f)) ? files : [files.find(looksLikeJson) ?? files[0]];
      // The dialog is closed while dropping, so a problem is said in the notices, on screen at the top.
      void (async () => {
        for (const file of shown) {
          const read = await readLoadable(file, true);
          const loaded = read.ok ? loadText(store.getState(), read.text, file.name) : read;
          if (!loaded.ok) store.getState().notify('error', loaded.reason);
        }
      })();
    },
    [store],
  );
  return useFileDrop(rootRef, onFiles);
}
