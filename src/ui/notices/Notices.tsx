// The store's notices as a stack of dismissible banners, newest last; only the newest few show,
// the rest behind "+N more".

import { useId, useState } from 'react';
import type { Notice } from '../../store/simStore';
import { useSim } from '../StoreContext';
import { inAppWords } from '../format';

const VISIBLE = 4;
const ICONS: Record<Notice['level'], string> = { info: 'ℹ', warning: '⚠', error: '✕' };

function Banner({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const textId = useId();
  return (
    <li className={`gs-notice gs-notice-${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'}>
      <span className="gs-notice-icon" aria-hidden="true">
        {ICONS[notice.level]}
      </span>
      <span className="gs-notice-text" id={textId}>
        <span className="gs-visually-hidden">{notice.level}: </span>
        {inAppWords(notice.text)}
      </span>
      <button type="button" className="gs-icon-button" aria-label={`Dismiss ${notice.level}`} aria-describedby={textId} onClick={onDismiss}>
        ×
      </button>
    </li>
  );
}

export function Notices() {
  const notices = useSim((s) => s.notices);
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
