// Drag-and-drop loading for the app root, with the overlay that shows while a file is over it.
// Render it inside the root element (which needs position: relative).

import type { RefObject } from 'react';
import { MAX_SCHEDULE_BYTES } from './readSchedule';
import { useScheduleDrop } from './useScheduleDrop';

export function ScheduleDropOverlay({ rootRef }: { rootRef: RefObject<HTMLElement | null> }) {
  const dragging = useScheduleDrop(rootRef);
  if (!dragging) return null;
  return (
    <div className="gs-drop-overlay" aria-hidden="true">
      <div className="gs-drop-message">
        <strong>Drop a schedule or an nccl-tests log to load it</strong>
        <span>a gradsync-schedule/1 .json file or a *_perf output, up to {MAX_SCHEDULE_BYTES / 1024 / 1024} MiB</span>
      </div>
    </div>
  );
}
