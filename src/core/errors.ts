// A problem of the user or the environment is a GradsyncError with a code and a message that says
// what to do; a bug of ours is an invariant failure.

export type ErrorCode =
  | 'bad-argument'
  | 'bad-input'
  | 'invalid-schedule'
  | 'unsupported'
  | 'too-large'
  | 'unavailable';

export class GradsyncError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GradsyncError';
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`gradsync invariant failed: ${message}`);
}
