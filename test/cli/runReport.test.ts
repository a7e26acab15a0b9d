import { describe, expect, it } from 'vitest';
import { runCli } from './helpers';

async function report(...argv: string[]): Promise<string[]> {
  const result = await runCli(['run', ...argv]);
  expect(result).toMatchObject({ code: 0, err: '' });
  return result.out.trimEnd().split('\n');
}

describe('gradsync run without --json', () => {
  it('says sizes, times and rates in the units the app uses, and marks the busiest device', async () => {
    const lines = await report('--algorithm', 'master', '--devices', '4', '--elements', '1024');
    expect(lines[0]).toBe('master allreduce · 4 devices × 1,024 elements (f32, sum) · cpu engine');
    // Two steps of α + 12 KiB / B: 2 × (5 + 12288 / 1e5) µs.
    expect(lines[2]).toBe('  2 steps · 6,144 elements moved (24.0 KiB) · model time 10.2 µs · algbw 0.40 GB/s · busbw 0.60 GB/s');
    expect(lines[3]).toMatch(/^ {2}topology: switch, α 5 µs, B 100 GB\/s · engine [\d.]+ (µs|ms|s)$/);
    expect(lines.slice(4)).toEqual([
      '  device      sent        received',
      '  GPU-0       12.0 KiB    12.0 KiB    ◀ busiest',
      '  GPU-1       4.00 KiB    4.00 KiB',
      '  GPU-2       4.00 KiB    4.00 KiB',
      '  GPU-3       4.00 KiB    4.00 KiB',
    ]);
  });

  it('marks no device when every device carries the same, and says there is no rate when nothing moves', async () => {
    const ring = await report('--algorithm', 'ring', '--devices', '4', '--elements', '1024');
    expect(ring.join('\n')).not.toContain('busiest');
    const one = await report('--algorithm', 'ring', '--devices', '1', '--elements', '1');
    expect(one[0]).toBe('ring allreduce · 1 device × 1 element (f32, sum) · cpu engine');
    expect(one[2]).toBe('  0 steps · 0 elements moved (0 B) · model time 0 µs · algbw — · busbw —');
  });

  it('beyond 16 devices lists the 8 busiest in device order, the busiest first among equals marked', async () => {
    const lines = await report('--algorithm', 'master', '--devices', '20', '--elements', '256');
    const devices = lines.filter((line) => line.startsWith('  GPU-')).map((line) => line.split(/\s+/)[1]);
    expect(devices).toEqual(['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3', 'GPU-4', 'GPU-5', 'GPU-6', 'GPU-7']);
    expect(lines.filter((line) => line.endsWith('◀ busiest'))).toEqual(['  GPU-0       19.0 KiB    19.0 KiB    ◀ busiest']);
    expect(lines.at(-1)).toBe('  … the 8 busiest of 20 devices shown');
  });
});
