// The notices a store shows: what the page was opened with, why the engine fell back, what a loaded
// schedule or a preset is told, and what the user is told. Every notice is added by one function,
// so each store numbers its notices in one sequence, whichever part of it speaks.

import type { GetSim, SetSim, SimActions } from './simState';

export interface Notice {
  id: number;
  level: 'info' | 'warning' | 'error';
  text: string;
  /** 'verdict': a loaded schedule is not correct — the app's faults panel says so in full. */
  about?: 'verdict';
}

/** A notice before it is numbered. */
export type NoticeDraft = Omit<Notice, 'id'>;

/** `notices` with `drafts` appended, numbered; `notices` itself where there is nothing to add. */
export type AppendNotices = (notices: Notice[], drafts: readonly NoticeDraft[]) => Notice[];

/** The one way notices are added: numbered on from the highest number among `shown`. */
export function noticeAppender(shown: readonly Notice[]): AppendNotices {
  let next = Math.max(0, ...shown.map((notice) => notice.id)) + 1;
  return (notices, drafts) => (drafts.length === 0 ? notices : [...notices, ...drafts.map((draft) => ({ id: next++, ...draft }))]);
}

export function noticesSlice(set: SetSim, get: GetSim, append: AppendNotices): Pick<SimActions, 'notify' | 'dismiss'> {
  return {
    notify(level, text) {
      set({ notices: append(get().notices, [{ level, text }]) });
    },
    dismiss(id) {
      set({ notices: get().notices.filter((n) => n.id !== id) });
    },
  };
}
