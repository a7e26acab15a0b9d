// Sizes the CLI accepts: all device buffers together must fit in memory next to the inputs.

import { GradsyncError } from '../core/errors';

/** devices × elements at most 2²⁸ values: 1 GiB of f32 device buffers (and as much again for inputs). */
export const MAX_VALUES = 1 << 28;

export function checkBufferSize(devices: number, elements: number): void {
  if (devices * elements > MAX_VALUES) {
    throw new GradsyncError(
      'too-large',
      `${devices} devices × ${elements.toLocaleString('en-US')} elements is ${(devices * elements).toLocaleString('en-US')} values; the limit is ${MAX_VALUES.toLocaleString('en-US')} (1 GiB of f32 buffers)`,
    );
  }
}
