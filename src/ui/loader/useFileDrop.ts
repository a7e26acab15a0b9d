// Dropping files on an element: its drag listeners, and whether a file is over it. Children fire
// their own enters and leaves, so they are counted. A drop zone that is `own` keeps its drags to
// itself: a measured run dropped on the timeline is not also loaded as a schedule by the app root.

import { useEffect, useState, type RefObject } from 'react';

function carriesFiles(event: DragEvent): boolean {
  const types = event.dataTransfer?.types;
  return !types || Array.from(types).includes('Files');
}

export interface FileDropOptions {
  /** False: the element takes no drops (they go to whatever holds it). */
  enabled?: boolean;
  /** True: drags over the element do not reach the elements around it. */
  own?: boolean;
}

/** Calls `onFiles` (keep it stable) with the files dropped on `ref`'s element; true while a file is over it. */
export function useFileDrop(
  ref: RefObject<HTMLElement | null>,
  onFiles: (files: File[]) => void,
  { enabled = true, own = false }: FileDropOptions = {},
): boolean {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    let depth = 0;
    const take = (event: DragEvent): boolean => {
      if (!carriesFiles(event)) return false;
      // Without preventDefault the browser opens the file instead of dropping it here.
      event.preventDefault();
      if (own) event.stopPropagation();
      return true;
    };
    const onEnter = (event: DragEvent) => {
      if (!take(event)) return;
      depth++;
      setDragging(true);
    };
    const onOver = (event: DragEvent) => {
      if (take(event) && event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      if (own) event.stopPropagation();
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (event: DragEvent) => {
      event.preventDefault();
      if (own) event.stopPropagation();
      depth = 0;
      setDragging(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) onFiles(files);
    };
    element.addEventListener('dragenter', onEnter);
    element.addEventListener('dragover', onOver);
    element.addEventListener('dragleave', onLeave);
    element.addEventListener('drop', onDrop);
    return () => {
      setDragging(false);
      element.removeEventListener('dragenter', onEnter);
      element.removeEventListener('dragover', onOver);
      element.removeEventListener('dragleave', onLeave);
      element.removeEventListener('drop', onDrop);
    };
  }, [ref, onFiles, enabled, own]);

  return dragging;
}
