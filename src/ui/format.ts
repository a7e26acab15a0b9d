// Numbers as people read them in the views.

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ${units[unit]}`;
}

export function formatMicroseconds(us: number): string {
  if (us >= 1e6) return `${(us / 1e6).toFixed(2)} s`;
  if (us >= 1e3) return `${(us / 1e3).toFixed(us >= 1e5 ? 0 : 2)} ms`;
  return `${us.toFixed(us >= 100 ? 0 : us >= 10 ? 1 : 2)} µs`;
}

export function formatGBs(value: number | null): string {
  if (value === null) return '—';
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} GB/s`;
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

