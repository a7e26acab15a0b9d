import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatGBs, formatMicroseconds } from '../../src/core/units';

describe('formatBytes', () => {
  it('says whole bytes below 1 KiB', () => {
    expect([0, 1, 4, 512, 1023].map(formatBytes)).toEqual(['0 B', '1 B', '4 B', '512 B', '1023 B']);
    expect(formatBytes(2.5)).toBe('3 B');
  });

  it('keeps three significant figures in the largest binary unit that is at least 1', () => {
    expect(formatBytes(1024)).toBe('1.00 KiB');
    expect(formatBytes(6890)).toBe('6.73 KiB');
    expect(formatBytes(27_034)).toBe('26.4 KiB');
    expect(formatBytes(127 * 1024)).toBe('127 KiB');
    expect(formatBytes(4 << 20)).toBe('4.00 MiB');
    expect(formatBytes(1.5 * 2 ** 30)).toBe('1.50 GiB');
    expect(formatBytes(2 ** 50)).toBe('1024 TiB');
  });

  it('moves to the next decade or unit where rounding carries into it', () => {
    expect(formatBytes(9.996 * 1024)).toBe('10.0 KiB');
    expect(formatBytes(99.96 * 1024)).toBe('100 KiB');
    expect(formatBytes(1023.6)).toBe('1.00 KiB');
    expect(formatBytes(2 ** 20 - 1)).toBe('1.00 MiB');
  });

  it('keeps the sign of a negative count', () => {
    expect(formatBytes(-2048)).toBe('-2.00 KiB');
  });
});

describe('formatMicroseconds', () => {
  it('says zero exactly and small times in µs', () => {
    expect([0, 5, 10.24, 143.2, 597].map(formatMicroseconds)).toEqual(['0 µs', '5.00 µs', '10.2 µs', '143 µs', '597 µs']);
  });

  it('moves to ms and s at 1000 of the smaller unit, with three significant figures', () => {
    expect(formatMicroseconds(999.4)).toBe('999 µs');
    expect(formatMicroseconds(999.6)).toBe('1.00 ms');
    expect(formatMicroseconds(12_345)).toBe('12.3 ms');
    expect(formatMicroseconds(250_000)).toBe('250 ms');
    expect(formatMicroseconds(2.5e6)).toBe('2.50 s');
    expect(formatMicroseconds(4321e6)).toBe('4321 s');
  });
});

describe('formatGBs and formatCount', () => {
  it('says GB/s to three figures and a dash where there is no rate', () => {
    expect([0.5, 29.36, 400, 1234.5].map(formatGBs)).toEqual(['0.50 GB/s', '29.4 GB/s', '400 GB/s', '1235 GB/s']);
    expect(formatGBs(null)).toBe('—');
  });

  it('groups thousands', () => {
    expect(formatCount(2_095_104)).toBe('2,095,104');
  });
});
