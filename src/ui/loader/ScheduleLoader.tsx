// "Load schedule…" and, while one is loaded, the chip that names it. Drag and drop is
// useScheduleDrop / <ScheduleDropOverlay>, on the app root.

import { useEffect, useRef, useState } from 'react';
import { CustomScheduleChip } from './CustomScheduleChip';
import { LoaderDialog } from './LoaderDialog';

export function ScheduleLoader() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const element = container.current;
    if (!element) return;
    // A click outside closes the dialog, as for any popover; inside a shadow root, listen there.
    const root = element.getRootNode() as Document | ShadowRoot;
    const onPointerDown = (event: Event) => {
      if (!event.composedPath().includes(element)) setOpen(false);
    };
    root.addEventListener('pointerdown', onPointerDown);
    return () => root.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

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
