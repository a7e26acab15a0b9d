// What an embedded figure tells the page's author: bad attribute values and schedules that are not
// correct, one small line each inside the figure's frame. Readers are not told which engine runs
// (the CPU engine draws the same figure), so information notices stay out of it.

import { useSim } from '../StoreContext';

export function EmbedNotices() {
  const notices = useSim((s) => s.notices);
  const dismiss = useSim((s) => s.dismiss);
  const forAuthor = notices.filter((n) => n.level !== 'info');
  if (forAuthor.length === 0) return null;
  return (
    <ul className="gs-embed-notes" aria-label="Notices">
      {forAuthor.map((n) => (
        <li key={n.id} className={`gs-embed-note gs-embed-note--${n.level}`} role={n.level === 'error' ? 'alert' : 'status'}>
          <span className="gs-embed-note-icon" aria-hidden="true">
            {n.level === 'error' ? '✕' : '⚠'}
          </span>
          <span className="gs-embed-note-text">{n.text}</span>
          <button type="button" className="gs-embed-note-dismiss" aria-label={`Dismiss: ${n.text}`} onClick={() => dismiss(n.id)}>
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
