// A problem of the user or the environment is a GradsyncError with a code and a message that says
// what to do; a bug of ours is an invariant failure. An error about one setting also says which
// setting, what was given and what is allowed, so each front end can word it for where it is shown:
// the message names the command line's flag ("--devices-per-node"), the app names its field.

export type ErrorCode =
  | 'bad-argument'
  | 'bad-input'
  | 'invalid-schedule'
  | 'unsupported'
  | 'too-large'
  | 'unavailable';

/** The setting an error is about. */
export interface SettingFault {
  /** The setting's key in the configuration and the URL: 'devicesPerNode', 'latencyUs', 'op'. */
  field: string;
  /** What was given; absent when nothing was. */
  value?: unknown;
  /** What it must do, completing "<setting> must …": "divide the 4 devices: 1, 2 or 4". */
  allowed: string;
}

export class GradsyncError extends Error {
  readonly field?: string;
  readonly value?: unknown;
  readonly allowed?: string;

  constructor(
    readonly code: ErrorCode,
    /** The command line's words: flags by name. */
    message: string,
    setting?: SettingFault,
  ) {
    super(message);
    this.name = 'GradsyncError';
    if (setting) {
      this.field = setting.field;
      this.value = setting.value;
      this.allowed = setting.allowed;
    }
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`gradsync invariant failed: ${message}`);
}
