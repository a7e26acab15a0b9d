// "Share & export": a button in the header that opens a small panel to copy a link or embed code and
// to save the trace, the schedule, the picture (SVG, PNG) or the whole run as a GIF.

import { useCallback, useId, useRef, useState } from 'react';
import { useSim } from '../StoreContext';
import { useOutsideClose } from '../useOutsideClose';
import { SharePanel } from './SharePanel';
import { useShareActions } from './useShareActions';

export function ShareMenu() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const container = useRef<HTMLDivElement>(null);
  const hasSchedule = useSim((s) => s.derived !== null);
  const actions = useShareActions(container);
  const panelId = `${useId()}-share`;
  const recording = actions.recording;

  useOutsideClose(container, open, close);

  return (
    <div className="gs-share" ref={container}>
      <button
        type="button"
        className="gs-button gs-share-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={!hasSchedule && !open}
        onClick={() => setOpen((o) => !o)}
        aria-label="Share & export"
        title="Share & export: link, embed code, trace, pictures, animation, schedule"
      >
        Share
        {recording && !open && (
          <span className="gs-share-badge">
            {' '}
            · recording {Math.min(recording.done + 1, recording.total)}/{recording.total}
          </span>
        )}
      </button>
      {open && <SharePanel id={panelId} actions={actions} onClose={() => setOpen(false)} />}
    </div>
  );
}
