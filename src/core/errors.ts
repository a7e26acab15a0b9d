// A problem of the user or the environment is a GradsyncError with a code and a message that says
// what to do; a bug of ours is an invariant failure. An error about one setting also says which
// setting, what was given and what is allowed, so each front end can word it for where it is shown:
// the command line names its flag ("--devices-per-node"), the app names its field ("Devices per
// node"). The message itself names neither, so it reads right wherever it is shown as it is.

export type ErrorCode = 'bad-argument' | 'bad-input' | 'invalid-schedule' | 'deadlock' | 'unmatched' | 'unsupported' | 'too-large' | 'unavailable';

/**
 * A well-formed program that cannot run as written: steps that wait forever, or a message no step
 * receives, or received with another size. The algorithm is wrong, as a failed verification says,
 * not the input's form.
 */
export function isAlgorithmFault(error: GradsyncError): boolean {
  return error.code === 'deadlock' || error.code === 'unmatched';
}

/** Another setting under which the given value would be allowed: 'binomial-tree' with collective broadcast. */
export interface AllowedWith {
  /** That setting's key, like SettingFault.field. */
  field: string;
  /** The values of it that allow the given value. */
  values: readonly string[];
}

/** The setting an error is about. */
export interface SettingFault {
  /** The setting's key in the configuration and the URL: 'devicesPerNode', 'latencyUs', 'op'. */
  field: string;
  /** What was given; absent when nothing was. */
  value?: unknown;
  /** What it must do, completing "<setting> must …": "divide the 4 devices: 1, 2 or 4". */
  allowed: string;
  allowedWith?: AllowedWith;
}

export class GradsyncError extends Error {
  readonly field?: string;
  readonly value?: unknown;
  readonly allowed?: string;
  readonly allowedWith?: AllowedWith;

  constructor(
    readonly code: ErrorCode,
    /** Plain words, naming no front end's flag or field: front ends word setting errors themselves. */
    message: string,
    setting?: SettingFault,
  ) {
    super(message);
    this.name = 'GradsyncError';
    if (setting) {
      this.field = setting.field;
      this.value = setting.value;
      this.allowed = setting.allowed;
      if (setting.allowedWith) this.allowedWith = setting.allowedWith;
    }
  }

  /** The setting this error is about, when it is about one. */
  get setting(): SettingFault | undefined {
    if (this.field === undefined || this.allowed === undefined) return undefined;
    return { field: this.field, value: this.value, allowed: this.allowed, ...(this.allowedWith ? { allowedWith: this.allowedWith } : {}) };
  }
}

/**
 * What a check gives back when it says no: the reason, in words that complete "… because" and read
 * right where they are shown. Every result of the form `{ ok: true, … } | Refused` refuses this way.
 */
export interface Refused {
  readonly ok: false;
  readonly reason: string;
}

export function refused(reason: string): Refused {
  return { ok: false, reason };
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`gradsync invariant failed: ${message}`);
}
