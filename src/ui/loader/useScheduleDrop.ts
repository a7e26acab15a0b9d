// Dropping a .json schedule anywhere on the app: listeners on the given root element, and whether a
// file is being dragged over it (for the drop overlay).

import { useEffect, useState, type RefObject } from 'react';
import { useSimStore } from '../StoreContext';
import { looksLikeJson, readScheduleFile } from './readScheduleFile';

function carriesFiles(event: DragEvent): boolean {
  const types = event.dataTransfer?.types;
  return !types || Array.from(types).includes('Files');
}

/** Adds drag-and-drop loading to `rootRef`'s element; returns true while a file is dragged over it. */
export function useScheduleDrop(rootRef: RefObject<HTMLElement | null>): boolean {
  const store = useSimStore();
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the file instead of dropping it here.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      const { loadSchedule, notify } = store.getState();
      if (files.length === 0) return;
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
    };
    root.addEventListener('dragenter', onEnter);
    root.addEventListener('dragover', onOver);
    root.addEventListener('dragleave', onLeave);
    root.addEventListener('drop', onDrop);
    return () => {
      root.removeEventListener('dragenter', onEnter);
      root.removeEventListener('dragover', onOver);
      root.removeEventListener('dragleave', onLeave);
      root.removeEventListener('drop', onDrop);
    };
  }, [rootRef, store]);

  return dragging;
}
