// Dropping a .json schedule anywhere on the app: listeners on the given root element, and whether a
// file is being dragged over it (for the drop overlay).

import { useCallback, type RefObject } from 'react';
import { useSimStore } from '../StoreContext';
import { looksLikeJson, readScheduleFile } from './readScheduleFile';
import { useFileDrop } from './useFileDrop';

/** Adds drag-and-drop loading to `rootRef`'s element; returns true while a file is dragged over it. */
export function useScheduleDrop(rootRef: RefObject<HTMLElement | null>): boolean {
  const store = useSimStore();
  const onFiles = useCallback(
    (files: File[]) => {
      const { loadSchedule, notify } = store.getState();
      const file = files.find(looksLikeJson);
      if (!file) {
        notify('error', `${files[0].name} is not a .json file; drop a gradsync-schedule/1 JSON file to load it`);
        return;
      }
      // The dialog is closed while dropping, so a problem is said in the notices, on screen at the top.
      void readScheduleFile(file).then((read) => {
        if (read.ok) loadSchedule(read.schedule, file.name);
        else notify('error', read.message);
      });
    },
    [store],
  );
  return useFileDrop(rootRef, onFiles);
}
