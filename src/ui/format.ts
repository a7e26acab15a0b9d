// Numbers as people read them in the views: core's units, so the app says what the CLI says.

export { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../core/units';
