// The command's exit codes, as the README's table documents them; every exit names one of these.

export const EXIT_OK = 0;
/** A schedule or a run that is not a correct collective (verify, run, bench's #wrong). */
export const EXIT_NOT_VERIFIED = 1;
/** Bad usage or bad input: one line on stderr, nothing on stdout, no output file. */
export const EXIT_USAGE = 2;
/**
 * A bug of gradsync's, not of the schedule or the input: kept apart so that a script never reads a
 * crash as "not verified" or as its own mistake.
 */
export const EXIT_INTERNAL = 3;

export type ExitCode = typeof EXIT_OK | typeof EXIT_NOT_VERIFIED | typeof EXIT_USAGE | typeof EXIT_INTERNAL;
