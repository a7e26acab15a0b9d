// Loading a measured run (the torch program's --trace) from the file picker or a file dropped on the
// timeline. What is wrong with a file is kept for the control to show, and only while the schedule it
// was read against is shown.

import { useCallback, useState, type RefObject } from 'react';
import type { Schedule } from '../../core/schedule';
import { MAX_SCHEDULE_BYTES } from '../loader/readSchedule';
import { looksLikeJson, readTextFile } from '../loader/readScheduleFile';
import { useFileDrop } from '../loader/useFileDrop';
import { useSim, useSimStore } from '../StoreContext';

export interface MeasuredFile {
  /** What is wrong with the last file given, or null. */
  problem: string | null;
  loadFile(file: File): Promise<void>;
  /** A file is being dragged over the drop zone. */
  dragging: boolean;
}

/** `zone`: the element that takes dropped files while the schedule shown has steps. */
export function useMeasuredFile(zone: RefObject<HTMLElement | null>): MeasuredFile {
  const store = useSimStore();
  const schedule = useSim((s) => s.derived?.schedule ?? null);
  const [problem, setProblem] = useState<{ message: string; schedule: Schedule | null } | null>(null);
  const said = useCallback(
    (message: string | null) => setProblem(message === null ? null : { message, schedule: store.getState().derived?.schedule ?? null }),
    [store],
  );

  const loadFile = useCallback(
    async (file: File) => {
      const read = await readTextFile(file, MAX_SCHEDULE_BYTES, 'a measured trace');
      said(read.ok ? store.getState().loadMeasured(read.text, file.name) : read.message);
    },
    [store, said],
  );
  const onFiles = useCallback(
    (files: File[]) => {
      const file = files.find(looksLikeJson);
      if (file) void loadFile(file);
      else said(`${files[0].name} is not a .json file; drop the JSON the torch program wrote with --trace`);
    },
    [loadFile, said],
  );
  const dragging = useFileDrop(zone, onFiles, { enabled: schedule !== null && schedule.steps.length > 0, own: true });
  return { problem: problem !== null && problem.schedule === schedule ? problem.message : null, loadFile, dragging };
}
