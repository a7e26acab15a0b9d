// Text the CLI prints: schedule JSON with one transfer per line, and the human summary of a run.

import type { Schedule } from '../core/schedule';

/** Schedule JSON, one transfer per line, emitted in pieces so 1024-device rings stay cheap. */
export function* scheduleJsonLines(schedule: Schedule): Generator<string> {
  const header: Record<string, unknown> = {
    format: schedule.format,
    collective: schedule.collective,
    algorithm: schedule.algorithm,
    devices: schedule.devices,
    chunks: schedule.chunks,
  };
  if (schedule.root !== undefined) header.root = schedule.root;
  if (schedule.devicesPerNode !== undefined) header.devicesPerNode = schedule.devicesPerNode;
  const head = JSON.stringify(header).slice(1, -1).replaceAll(',"', ', "').replaceAll('":', '": ');
  yield `{ ${head},\n  "steps": [`;
  for (const [s, step] of schedule.steps.entries()) {
    const transfers = step.transfers.map(
      (t) => `      { "src": ${t.src}, "dst": ${t.dst}, "chunk": ${t.chunk}, "op": "${t.op}" }`,
    );
    const comma = s < schedule.steps.length - 1 ? ',' : '';
    yield `\n    { "phase": ${JSON.stringify(step.phase)}, "transfers": [\n${transfers.join(',\n')}\n    ] }${comma}`;
  }
  yield schedule.steps.length ? '\n  ] }\n' : '] }\n';
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

export function formatNumber(value: number | null, digits = 3): string {
  if (value === null) return 'n/a';
  if (value === 0) return '0';
  return Math.abs(value) >= 1e-3 && Math.abs(value) < 1e7 ? String(Number(value.toPrecision(digits + 1))) : value.toExponential(digits);
}
