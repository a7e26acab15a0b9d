import { describe, expect, it } from 'vitest';
import { presetModel, totalParams } from '../../../src/core/training/models';
import { bucketStops, deviceStops, MODEL_STOPS } from '../../../src/ui/training/rangeStops';

describe('the training view’s slider stops', () => {
  it('offer the powers of two from 1 to 4096 devices, and a typed count in its place', () => {
    expect(deviceStops(64)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096]);
    expect(deviceStops(48)).toEqual([1, 2, 4, 8, 16, 32, 48, 64, 128, 256, 512, 1024, 2048, 4096]);
    expect(deviceStops(3).indexOf(3)).toBe(2);
  });

  it('offer bucket caps of 1, 2, 5, 10, 25 … MiB up to the model, and the address’s size in its place', () => {
    expect(bucketStops(60, 25)).toEqual([1, 2, 5, 10, 25, 50]);
    expect(bucketStops(60, 30)).toEqual([1, 2, 5, 10, 25, 30, 50]);
    expect(bucketStops(0.5, 25)).toEqual([1, 25]);
  });

  it('order the models by size, the custom size last', () => {
    expect(MODEL_STOPS).toEqual(['resnet50', 'bert-base', 'gpt2-small', 'gpt2-xl', 'llama2-7b', 'custom']);
    const sizes = MODEL_STOPS.slice(0, -1).map((id) => totalParams(presetModel(id)));
    expect(sizes).toEqual([...sizes].sort((a, b) => a - b));
  });
});
