import { describe, expect, it } from 'vitest';
import { ring } from '../../src/core/algorithms/ring';
import { verifySchedule } from '../../src/core/verify';

describe('verifySchedule', () => {
  it('proves ring all-reduce on 4 devices', () => {
    expect(verifySchedule(ring.build({ devices: 4 })).ok).toBe(true);
  });
});
