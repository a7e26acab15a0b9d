// What an embedded figure tells the page's author: bad attribute values and schedules that are not
// correct, one small line each at the top of the figure's frame. Readers are not told which engine runs
// (the CPU engine draws the same figure), so information notices stay out of it.

import type { SimState } from '../../store/simStore';
import { useSim } from '../StoreContext';

const forTheAuthor = (notice: SimState['notices'][number]) => notice.level !== 'info';

/** Whether the figure has a line for its author: the frame then makes room for it (embed.css). */
export const hasAuthorNotice = (state: SimState): boolean => state.notices.some(forTheAuthor);

export function EmbedNotices() {
  const notices = useSim((s) => s.notices);
  const dismiss = useSim((s) => s.dismiss);
  const forAuthor = notices.filter(forTheAuthor);
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
