// Loading a measured run (the torch program's --trace) from the file picker or a file dropped on the
// timeline. An nccl-tests log given here goes where the loader puts one, to its comparison with the
// model. What is wrong with a file is kept for the control to show, and only while the schedule it
// was read against is shown.

import { useCallback, useState, type RefObject } from 'react';
import { looksLikeNcclTestsLog } from '../../../core/ncclTests';
import type { Schedule } from '../../../core/schedule';
import { loadText } from '../../loader/loadText';
import { MAX_SCHEDULE_BYTES } from '../../loader/readSchedule';
import { looksLikeJson, readTextFile } from '../../loader/readScheduleFile';
import { useFileDrop } from '../../loader/useFileDrop';
import { useSim, useSimStore } from '../../StoreContext';

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
      const read = await readTextFile(file, MAX_SCHEDULE_BYTES, 'a measured trace or nccl-tests log');
      if (!read.ok) return said(read.reason);
      // By its content, as the loader tells a log from a schedule; the loader's own path loads it.
      if (looksLikeNcclTestsLog(read.text)) {
        const loaded = loadText(store.getState(), read.text, file.name);
        return said(loaded.ok ? null : loaded.reason);
      }
      if (!looksLikeJson(file)) {
        return said(
          `${file.name} is neither a .json measured trace nor an nccl-tests log; give the JSON the torch program wrote with --trace, or a *_perf output`,
        );
      }
      said(store.getState().loadMeasured(read.text, file.name));
    },
    [store, said],
  );
  const onFiles = useCallback((files: File[]) => void loadFile(files.find(looksLikeJson) ?? files[0]), [loadFile]);
  const dragging = useFileDrop(zone, onFiles, { enabled: schedule !== null && schedule.steps.length > 0, own: true });
  return { problem: problem !== null && problem.schedule === schedule ? problem.message : null, loadFile, dragging };
}
