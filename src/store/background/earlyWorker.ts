// A built page's HTML starts the background worker before the page's script loads (scripts/earlyWorker.ts
// writes that HTML) and tells it the page's address, so a large configuration the address names is
// prepared while the page's script loads (answers.ts); pageBackground.ts takes the worker.

/** Where the HTML leaves the worker for the page's script. */
export const EARLY_WORKER_GLOBAL = 'gradsyncEarlyWorker';

/** The kind of the message that tells the worker the page's address (see BackgroundRequest). */
export const ADDRESS_MESSAGE = 'address';
