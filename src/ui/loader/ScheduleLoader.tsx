// "Load schedule…" and, while one is loaded, the chip that names it. Drag and drop is
// useScheduleDrop / <ScheduleDropOverlay>, on the app root.

import { useCallback, useMemo, useRef, useState } from 'react';
import { useSim } from '../StoreContext';
import { useOutsideClose } from '../useOutsideClose';
import { CustomScheduleChip } from './CustomScheduleChip';
import { LoaderDialog, type MarkedSource } from './LoaderDialog';

export function ScheduleLoader() {
  const [asked, setAsked] = useState(false);
  const source = useMarkedSource();
  const showSource = useSim((s) => s.showSource);
  // Open when asked for, or when a fault asks for the loaded schedule's text at a line.
  const open = asked || source !== null;
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setAsked(false);
    showSource(null);
    // Focus goes back where it was; where that is gone (the fault's link, once the schedule is
    // fixed), to this button rather than to nowhere.
    requestAnimationFrame(() => {
      const active = button.current?.ownerDocument.activeElement;
      if (!active || active === active.ownerDocument.body) button.current?.focus();
    });
  }, [showSource]);

  useOutsideClose(container, open, close);

  return (
    <div className="gs-loader" ref={container}>
      <button ref={button} type="button" className="gs-button" aria-haspopup="dialog" aria-expanded={open} onClick={() => (open ? close() : setAsked(true))}>
        Load schedule…
      </button>
      <CustomScheduleChip />
      {/* A new line asked for opens the dialog afresh, with the text as loaded. */}
      {open && <LoaderDialog key={source ? `line-${source.line}` : 'load'} onClose={close} source={source ?? undefined} />}
    </div>
  );
}

/** The loaded schedule's text at the line a fault asked for (store.sourceMark), with what is written there. */
function useMarkedSource(): MarkedSource | null {
  const mark = useSim((s) => s.sourceMark);
  const text = useSim((s) => s.custom?.text ?? null);
  return useMemo(() => (mark === null || text === null ? null : { text, ...mark }), [mark, text]);
}
