// Work the page does after what it shows: a task of its own, or a task after the next frame.

/** Work to come, and what cancels it. */
export interface Timer {
  cancel(): void;
}

/** The browser's task scheduler, where there is one (Chromium): its tasks have no floor between them. */
interface TaskScheduler {
  postTask(callback: () => void, options: { signal: AbortSignal }): Promise<void>;
}

/**
 * Work as a task of its own: posted to the browser's scheduler where it has one, since a timeout set
 * from a timeout waits at least 4 ms (a third of a long read, in slices, spent waiting); else a timeout.
 */
export function task(slice: () => void): Timer {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (scheduler && typeof scheduler.postTask === 'function') {
    const abort = new AbortController();
    scheduler.postTask(slice, { signal: abort.signal }).catch((error: unknown) => {
      if (!abort.signal.aborted) throw error;
    });
    return { cancel: () => abort.abort() };
  }
  const timeout = setTimeout(slice, 0);
  return { cancel: () => clearTimeout(timeout) };
}

/**
 * A task after the next frame is drawn (where frames are known), so what the page shows comes first:
 * the first slice of a reading ahead, the address of a step.
 */
export function afterFrame(slice: () => void): Timer {
  if (typeof requestAnimationFrame !== 'function') return task(slice);
  let next: Timer | null = null;
  const frame = requestAnimationFrame(() => (next = task(slice)));
  return { cancel: () => (next ? next.cancel() : cancelAnimationFrame(frame)) };
}
