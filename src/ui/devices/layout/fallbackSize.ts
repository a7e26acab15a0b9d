import type { Size } from './geometry';

/** Size of the picture before the first measurement, and in jsdom (which does not lay out). */
export const FALLBACK_SIZE: Size = { width: 960, height: 560 };
