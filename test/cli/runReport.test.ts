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
    expect(lines.slice(3, 5)).toEqual([
      '  formulas (G = 4 devices, N = 1,024 elements per device):',
      '    ✓ 2·(G−1)·N = 2·3·1,024 = 6,144 elements in all; counted 6,144',
    ]);
    expect(lines[5]).toMatch(/^ {2}topology: switch, α 5 µs, B 100 GB\/s · engine [\d.]+ (µs|ms|s)$/);
    expect(lines.slice(6)).toEqual([
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

  it("fills in the seeds' formulas beside the counts, ≈ where segments differ by one element, and the lower bound for the rest", async () => {
    const ring = await report('--algorithm', 'ring', '--devices', '3', '--elements', '1000');
    expect(ring.slice(3, 6)).toEqual([
      '  formulas (G = 3 devices, N = 1,000 elements per device):',
      '    ≈ 2·(G−1)·N/G = 2·2·1,000/3 = 1,333.3 elements per device; counted 1,333–1,334 (N is not a multiple of G, so segments differ by one element)',
      '    ✓ 2·(G−1)·N = 2·2·1,000 = 4,000 elements in all; counted 4,000',
    ]);
    const tree = await report('--algorithm', 'tree', '--devices', '4', '--elements', '1000');
    expect(tree[4]).toBe(
      '    ≥ 2·(G−1)/G·N = 2·3/4·1,000 = 1,500 elements per device; lower bound for any all-reduce (Patarasuk–Yuan); the busiest port carries 3,000, 2.00× the bound',
    );
    const allgather = await report('--algorithm', 'ring', '--collective', 'allgather', '--devices', '4', '--elements', '1000');
    expect(allgather.join('\n')).not.toContain('formulas');
  });

  it('beyond 16 devices lists the 8 busiest in device order, the busiest first among equals marked', async () => {
    const lines = await report('--algorithm', 'master', '--devices', '20', '--elements', '256');
    const devices = lines.filter((line) => line.startsWith('  GPU-')).map((line) => line.split(/\s+/)[1]);
    expect(devices).toEqual(['GPU-0', 'GPU-1', 'GPU-2', 'GPU-3', 'GPU-4', 'GPU-5', 'GPU-6', 'GPU-7']);
    expect(lines.filter((line) => line.endsWith('◀ busiest'))).toEqual(['  GPU-0       19.0 KiB    19.0 KiB    ◀ busiest']);
    expect(lines.at(-1)).toBe('  … the 8 busiest of 20 devices shown');
  });
});

describe('gradsync run --json', () => {
  it("carries the seeds' formulas with their expected counts and checks", async () => {
    const result = await runCli(['run', '--algorithm', 'naive', '--devices', '4', '--elements', '1024', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out).formulas).toEqual([{ scope: 'in all', formula: 'G·(G−1)·N', expected: 12288, check: 'match' }]);
  });
});
