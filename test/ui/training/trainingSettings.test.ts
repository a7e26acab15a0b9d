import { describe, expect, it } from 'vitest';
import { formatTrainingUrl, parseTrainingUrl, reportFor, TRAINING_DEFAULTS } from '../../../src/ui/training/trainingSettings';

describe('the training view’s address', () => {
  it('writes only what differs from the defaults, and reads it back', () => {
    expect(formatTrainingUrl(TRAINING_DEFAULTS)).toBe('');
    const settings = { ...TRAINING_DEFAULTS, model: 'custom', params: 5_000_000, strategy: 'ps' as const, servers: 3, overlap: false, bucketMb: 2.5 };
    const search = formatTrainingUrl(settings);
    expect(search).toBe('?model=custom&params=5000000&strategy=ps&bucketMb=2.5&overlap=off&servers=3');
    expect(parseTrainingUrl(search)).toEqual({ settings, notices: [] });
  });

  it('leaves params out unless the model is custom', () => {
    expect(formatTrainingUrl({ ...TRAINING_DEFAULTS, params: 7 })).toBe('');
  });

  it('names each bad value in one line and keeps the default', () => {
    const { settings, notices } = parseTrainingUrl('?strategy=fsdp&bucketMb=-1&overlap=maybe&batch=0');
    expect(settings).toEqual(TRAINING_DEFAULTS);
    expect(notices).toEqual([
      'bucketMb must be a number above 0; got “-1”',
      'overlap must be one of on, off; got “maybe”',
      'strategy must be one of ddp, zero1, zero2, zero3, ps; got “fsdp”',
      'batch must be a whole number from 1 to 1,048,576; got “0”',
    ]);
  });

  it('reports, or says in one line why not', () => {
    expect('report' in reportFor(TRAINING_DEFAULTS)).toBe(true);
    expect(reportFor({ ...TRAINING_DEFAULTS, strategy: 'zero3', algorithm: 'double-tree' })).toEqual({
      error: 'ZeRO-3 (FSDP) runs reduce-scatter and all-gather with the algorithm, and double-tree is not one for them all',
    });
    // An address may ask for a bucket larger than the model: one bucket.
    expect('report' in reportFor({ ...TRAINING_DEFAULTS, model: 'resnet50', bucketMb: 1e6 })).toBe(true);
  });
});
