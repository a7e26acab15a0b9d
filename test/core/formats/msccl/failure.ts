// The error a refusal throws, so a test can hold its code and its one-line message to exact values
// rather than only check that something was thrown.

import { GradsyncError } from '../../../../src/core/errors';

/** The GradsyncError a call throws. */
export function failure(run: () => unknown): GradsyncError {
  try {
    run();
  } catch (error) {
    if (error instanceof GradsyncError) return error;
    throw error;
  }
  throw new Error('expected a GradsyncError, but nothing was thrown');
}
