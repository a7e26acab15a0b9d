// The store's notices as a stack of dismissible banners, newest last; only the newest few show,
// the rest behind "+N more". Warnings and errors stay until dismissed; an info notice goes by itself
// after a while, since what it says is also shown where it applies (the engine menu names the CPU
// engine), and a notice left standing would hide what lies under the stack.

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Notice } from '../../store/simStore';
import { useSim } from '../StoreContext';

const VISIBLE = 4;
const ICONS: Record<Notice['level'], string> = { info: 'ℹ', warning: '⚠', error: '✕' };
/** How long an info notice stays. */
export const INFO_MS = 12_000;

function Banner({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const textId = useId();
  // Timed from when the notice first shows: a new onDismiss at each render must not restart it.
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    if (notice.level !== 'info') return;
    const timer = setTimeout(() => dismiss.current(), INFO_MS);
    return () => clearTimeout(timer);
  }, [notice.level]);
  return (
    <li className={`gs-notice gs-notice-${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'}>
      <span className="gs-notice-icon" aria-hidden="true">
        {ICONS[notice.level]}
      </span>
      <span className="gs-notice-text" id={textId}>
        <span className="gs-visually-hidden">{notice.level}: </span>
        {notice.text}
      </span>
      <button type="button" className="gs-icon-button" aria-label={`Dismiss ${notice.level}`} aria-describedby={textId} onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

export function Notices() {
  // A schedule's verdict is the faults panel's to tell, beside the picture; a toast would cover it.
  const all = useSim((s) => s.notices);
  const notices = useMemo(() => all.filter((n) => n.about !== 'verdict'), [all]);
  const dismiss = useSim((s) => s.dismiss);
  const [expanded, setExpanded] = useState(false);
  if (notices.length === 0) return null;
  const hidden = expanded ? 0 : Math.max(0, notices.length - VISIBLE);
  const shown = notices.slice(hidden);
  return (
    <section className="gs-notices" aria-label="Notices">
      {(hidden > 0 || expanded) && notices.length > VISIBLE && (
        <div className="gs-notices-more">
          <button type="button" className="gs-link" aria-expanded={expanded} onClick={() => setExpanded((e) => !e)}>
            {expanded ? 'Show fewer' : `+${hidden} more`}
          </button>
          <button type="button" className="gs-link" onClick={() => notices.forEach((n) => dismiss(n.id))}>
            Dismiss all
          </button>
        </div>
      )}
      <ul className="gs-notice-list">
        {shown.map((notice) => (
          <Banner key={notice.id} notice={notice} onDismiss={() => dismiss(notice.id)} />
        ))}
      </ul>
    </section>
  );
}
