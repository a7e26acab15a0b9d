// Numbers as people read them in the views: core's units, so the app says what the CLI says.

export { formatBytes, formatCount, formatGBs, formatMicroseconds, plural } from '../core/units';

/** A setting's value as typed, to four significant figures and no trailing zeros: 3.4, 0.8824, 473.1. */
export function plainNumber(value: number): string {
  return String(Number(value.toPrecision(4)));
}
