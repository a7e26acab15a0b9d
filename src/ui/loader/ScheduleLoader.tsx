// "Load schedule…" and, while one is loaded, the chip that names it. Drag and drop is
// useScheduleDrop / <ScheduleDropOverlay>, on the app root.

import { useCallback, useRef, useState } from 'react';
import { useOutsideClose } from '../useOutsideClose';
import { CustomScheduleChip } from './CustomScheduleChip';
import { LoaderDialog } from './LoaderDialog';

export function ScheduleLoader() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const container = useRef<HTMLDivElement>(null);

  useOutsideClose(container, open, close);

  return (
    <div className="gs-loader" ref={container}>
      <button type="button" className="gs-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        Load schedule…
      </button>
      <CustomScheduleChip />
      {open && <LoaderDialog onClose={() => setOpen(false)} />}
    </div>
  );
}
