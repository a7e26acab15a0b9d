// Where a built page's HTML leaves the background worker it starts before the page's script loads
// (scripts/earlyWorker.ts writes that HTML; pageBackground.ts takes the worker).

export const EARLY_WORKER_GLOBAL = 'gradsyncEarlyWorker';
