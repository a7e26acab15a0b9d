import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allreduceModel } from '../../../src/core/model/costFormulas';
import { DEFAULT_TOPOLOGY } from '../../../src/core/model/cost';
import { GradsyncError } from '../../../src/core/errors';
import { BYTES_PER_ELEMENT } from '../../../src/core/model/traffic';
import { ddpBuckets, DEFAULT_BUCKET_BYTES, FIRST_BUCKET_BYTES, gradientBytes, MIB } from '../../../src/core/training/ddp';
import { trainingIteration } from '../../../src/core/training/iteration';
import { customModel, forwardFlops, MODEL_PRESETS, presetModel, totalParams, type TrainingModel } from '../../../src/core/training/models';
import { trainingReport } from '../../../src/core/training/report';
import { psTransferUs } from '../../../src/core/training/serverPorts';
import { trainingStory } from '../../../src/core/training/story';
import { commBytesPerDevice, memoryPerDevice, serverMemory, STRATEGIES } from '../../../src/core/training/strategies';

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof GradsyncError) return error.message;
    throw error;
  }
  throw new Error('no error');
}

describe('model presets', () => {
  it('have the parameter counts the models are known by', () => {
    const totals = Object.fromEntries(MODEL_PRESETS.map((id) => [id, totalParams(presetModel(id))]));
    expect(totals).toEqual({
      resnet50: 25_557_032,
      'bert-base': 109_482_240,
      'gpt2-small': 124_439_808,
      'gpt2-xl': 1_557_611_200,
      'llama2-7b': 6_738_415_616,
    });
  });

  it('count ResNet-50’s forward pass at about 4.1 G multiply-adds an image, and a transformer’s at more than 2 FLOPs per weight and token', () => {
    expect(forwardFlops(presetModel('resnet50'))).toBeGreaterThan(8.0e9);
    expect(forwardFlops(presetModel('resnet50'))).toBeLessThan(8.4e9);
    const gpt2 = presetModel('gpt2-small');
    const blockWeights = 12 * (12 * 768 * 768);
    expect(forwardFlops(gpt2)).toBeGreaterThan(2 * 1024 * blockWeights);
    expect(presetModel('gpt2-xl').layers).toHaveLength(50);
  });

  it('refuse an unknown preset and a parameter count that is not a positive integer, in one line', () => {
    expect(message(() => presetModel('gpt5'))).toBe('unknown model "gpt5"');
    expect(message(() => customModel(0))).toMatch(/^the parameter count must be an integer from 1 to 1e\+13, got 0$/);
    expect(message(() => customModel(-5))).toMatch(/got -5$/);
    expect(message(() => customModel(2.5))).toMatch(/got 2.5$/);
  });

  it('split a custom total evenly into layers', () => {
    const model = customModel(1_000_000_001);
    expect(model.layers).toHaveLength(12);
    expect(totalParams(model)).toBe(1_000_000_001);
    expect(Math.max(...model.layers.map((l) => l.params)) - Math.min(...model.layers.map((l) => l.params))).toBeLessThanOrEqual(1);
    expect(customModel(5).layers.map((l) => l.params)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('memory and bytes per strategy', () => {
  it('match the ZeRO paper’s example: 7.5 B parameters on 64 devices', () => {
    const psi = 7.5e9;
    const gb = (strategy: (typeof STRATEGIES)[number]) => memoryPerDevice(strategy, psi, 64).total / 1e9;
    expect(gb('ddp')).toBe(120);
    expect(gb('zero1')).toBeCloseTo(31.4, 1);
    expect(gb('zero2')).toBeCloseTo(16.6, 1);
    expect(gb('zero3')).toBeCloseTo(1.9, 1);
    // A parameter server's workers keep parameters and gradients; its servers the optimizer.
    expect(memoryPerDevice('ps', psi, 64)).toEqual({ params: 2 * psi, grads: 2 * psi, optimizer: 0, total: 4 * psi });
    expect(serverMemory(psi, 4)).toBe((12 * psi) / 4);
  });

  it('ZeRO-3 moves 1.5× DDP’s bytes, ZeRO-1 and -2 the same, for any model and device count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 2, max: 4096 }), (params, devices) => {
        const ddp = commBytesPerDevice('ddp', params, devices).total;
        expect(commBytesPerDevice('zero1', params, devices).total).toBeCloseTo(ddp, 3);
        expect(commBytesPerDevice('zero2', params, devices).total).toBeCloseTo(ddp, 3);
        expect(commBytesPerDevice('zero3', params, devices).total / ddp).toBeCloseTo(1.5, 9);
        expect(ddp).toBeCloseTo(2 * ((devices - 1) / devices) * 2 * params, 3);
      }),
    );
    expect(commBytesPerDevice('ps', 1000, 8)).toMatchObject({ push: 2000, total: 2000 });
    expect(commBytesPerDevice('ddp', 1000, 1).total).toBe(0);
  });
});

const models = fc.oneof(
  fc.constantFrom(...MODEL_PRESETS).map(presetModel),
  fc.integer({ min: 1000, max: 5e9 }).map((params) => customModel(params)),
);

describe('DDP buckets', () => {
  it('hold every layer once, in the order backward produces them, each closed once it reaches its cap', () => {
    fc.assert(
      fc.property(models, fc.double({ min: 0.01, max: 1, noNaN: true }), (model: TrainingModel, share) => {
        const cap = Math.max(1, Math.floor(gradientBytes(model) * share));
        const buckets = ddpBuckets(model, cap);
        expect(buckets.flatMap((b) => b.layers)).toEqual(model.layers.map((_, i) => model.layers.length - 1 - i));
        expect(buckets.reduce((sum, b) => sum + b.bytes, 0)).toBe(gradientBytes(model));
        buckets.forEach((bucket, i) => {
          const limit = i === 0 ? Math.min(FIRST_BUCKET_BYTES, cap) : cap;
          if (i < buckets.length - 1) expect(bucket.bytes).toBeGreaterThanOrEqual(limit);
          // Without its last layer it was still under the cap.
          const last = model.layers[bucket.layers[bucket.layers.length - 1]].params * 2;
          expect(bucket.bytes - last).toBeLessThan(limit);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('start with a small first bucket, then 25 MiB ones, as DDP does', () => {
    const buckets = ddpBuckets(presetModel('gpt2-small'));
    expect(DEFAULT_BUCKET_BYTES).toBe(25 * MIB);
    // GPT-2's head is LayerNorm alone (its projection is the embedding's): the first bucket closes after a block.
    expect(buckets[0].layers).toEqual([13, 12]);
    expect(buckets.at(-1)!.layers.at(-1)).toBe(0);
    expect(buckets.slice(1, -1).every((b) => b.bytes >= 25 * MIB)).toBe(true);
  });

  it('make one bucket of a model smaller than the default cap', () => {
    expect(ddpBuckets(customModel(1000))).toEqual([{ layers: [11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0], bytes: 2000 }]);
  });

  it('refuse a bucket larger than the model, or of no size, in one line', () => {
    const model = presetModel('resnet50');
    expect(message(() => ddpBuckets(model, 1e12))).toBe("a bucket of 1,000,000,000,000 bytes is larger than the model's gradients (51,114,064 bytes)");
    expect(message(() => ddpBuckets(model, 0))).toBe('the bucket size must be more than 0 bytes, got 0');
    expect(message(() => ddpBuckets(model, -1))).toBe('the bucket size must be more than 0 bytes, got -1');
  });
});

describe('a training iteration', () => {
  const base = { devices: 16, algorithm: 'ring', topology: DEFAULT_TOPOLOGY, flopsPerSecond: 100e12, batch: 8 };

  it('with one DDP bucket, overlap changes nothing', () => {
    for (const id of MODEL_PRESETS) {
      const model = presetModel(id);
      const one = gradientBytes(model);
      const on = trainingIteration({ ...base, strategy: 'ddp', model, bucketBytes: one, firstBucketBytes: one });
      const off = trainingIteration({ ...base, strategy: 'ddp', model, bucketBytes: one, firstBucketBytes: one, overlap: false });
      expect(on.comm).toHaveLength(1);
      expect(on.iterationUs).toBeCloseTo(off.iterationUs, 6);
      expect(on.iterationUs).toBeCloseTo(on.serialUs, 6);
    }
  });

  it('never hides DDP’s last bucket, and never takes longer than running it all in turn, for any strategy', () => {
    fc.assert(
      fc.property(
        models,
        fc.constantFrom(...STRATEGIES),
        fc.integer({ min: 2, max: 64 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (model: TrainingModel, strategy, devices, share) => {
          const bucketBytes = Math.max(1, Math.floor(gradientBytes(model) * share));
          const run = trainingIteration({ ...base, strategy, devices, model, bucketBytes, servers: 2 });
          const off = trainingIteration({ ...base, strategy, devices, model, bucketBytes, servers: 2, overlap: false });
          expect(run.iterationUs).toBeLessThanOrEqual(run.serialUs + 1e-6);
          expect(run.iterationUs).toBeLessThanOrEqual(off.iterationUs + 1e-6);
          expect(off.iterationUs).toBeCloseTo(off.serialUs, 3);
          expect(run.iterationUs).toBeGreaterThanOrEqual(run.computeUs - 1e-6);
          // One stream: each operation starts once issued and once the one before has ended.
          run.comm.forEach((span, i) => {
            expect(span.startUs).toBeGreaterThanOrEqual(span.issueUs);
            if (i > 0) expect(span.startUs).toBeGreaterThanOrEqual(run.comm[i - 1].endUs - 1e-9);
          });
          if (strategy === 'ddp') {
            const last = run.comm.at(-1)!;
            const lastUs = allreduceModel({ algorithm: 'ring', devices, topology: DEFAULT_TOPOLOGY })(Math.ceil(last.bytes / BYTES_PER_ELEMENT));
            expect(run.exposedUs).toBeGreaterThanOrEqual(lastUs - 1e-6);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('computes backward at twice the forward FLOPs', () => {
    const run = trainingIteration({ ...base, strategy: 'ddp', model: presetModel('resnet50') });
    const forward = run.compute.filter((span) => span.pass === 'forward').reduce((sum, span) => sum + span.endUs - span.startUs, 0);
    expect(run.computeUs).toBeCloseTo(3 * forward, 6);
    expect(forward).toBeCloseTo(((forwardFlops(presetModel('resnet50')) * 8) / 100e12) * 1e6, 6);
  });

  it('gathers each ZeRO-3 unit twice and reduce-scatters it once; pushes and pulls through the servers, faster with more of them', () => {
    const model = presetModel('gpt2-small');
    const zero3 = trainingIteration({ ...base, strategy: 'zero3', model });
    const count = (kind: string) => zero3.comm.filter((span) => span.kind === kind).length;
    expect([count('allgather'), count('reduce-scatter')]).toEqual([2 * model.layers.length, model.layers.length]);
    const ps = (servers: number) => trainingIteration({ ...base, strategy: 'ps', model, servers }).iterationUs;
    expect(ps(1)).toBeGreaterThan(ps(4));
    expect(message(() => trainingIteration({ ...base, strategy: 'ps', model, servers: 0 }))).toBe('the servers must be a whole number from 1, got 0');
  });
});

describe('a parameter server’s ports', () => {
  const base = { algorithm: 'ring', topology: DEFAULT_TOPOLOGY, flopsPerSecond: 100e12, batch: 8, strategy: 'ps' as const };
  const { latencyUs, bandwidthGBs } = DEFAULT_TOPOLOGY;

  it('carry N/K of every worker’s bytes through each server’s port, which is saturated while there are more workers than servers', () => {
    for (const [devices, servers] of [
      [64, 8],
      [16, 3],
      [2, 1],
    ]) {
      const model = presetModel('gpt2-small');
      const run = trainingIteration({ ...base, model, devices, servers });
      const { worker, server, ratio, commUs } = run.ports!;
      const moves = run.comm.filter((span) => span.kind === 'push' || span.kind === 'pull');
      // A worker pushes its gradients and pulls the parameters back, as many bytes.
      expect(worker.bytes).toBe(2 * gradientBytes(model));
      expect([worker.count, server.count, ratio]).toEqual([devices, servers, devices / servers]);
      expect(server.bytes).toBeCloseTo((devices / servers) * worker.bytes, 0);
      expect([server.saturated, worker.saturated]).toEqual([true, false]);
      // The saturated port is busy for all of each push and pull but its latency.
      expect(server.busyUs).toBeCloseTo(commUs - moves.length * latencyUs, 6);
      expect(worker.commShare).toBeCloseTo((server.commShare * servers) / devices, 9);
      expect(server.iterationShare).toBeCloseTo(server.busyUs / run.iterationUs, 9);
      moves.forEach((span) => expect(span.endUs - span.startUs).toBeCloseTo(latencyUs + (devices * span.bytes) / servers / (bandwidthGBs * 1e3), 6));
    }
  });

  it('leave the workers’ ports saturated with as many servers as workers or more, so more servers stop helping', () => {
    const model = presetModel('resnet50');
    const run = (servers: number) => trainingIteration({ ...base, model, devices: 8, servers });
    expect([run(8).ports!.server.saturated, run(8).ports!.worker.saturated]).toEqual([true, true]);
    expect([run(16).ports!.server.saturated, run(16).ports!.worker.saturated]).toEqual([false, true]);
    expect(run(16).iterationUs).toBeCloseTo(run(8).iterationUs, 6);
    expect(run(4).iterationUs).toBeGreaterThan(run(8).iterationUs);
    expect(psTransferUs(1e6, 8, 16, DEFAULT_TOPOLOGY)).toBe(latencyUs + 1e6 / (bandwidthGBs * 1e3));
  });

  it('are counted only for a parameter server', () => {
    for (const strategy of STRATEGIES.filter((s) => s !== 'ps')) {
      expect(trainingIteration({ ...base, strategy, model: presetModel('resnet50'), devices: 8 }).ports).toBeNull();
    }
  });

  it('are told in plain words: which port is saturated, its bytes, N/K and how busy each port is', () => {
    const story = (devices: number, servers: number) => {
      const request = { ...base, model: presetModel('gpt2-xl'), devices, servers };
      return trainingStory({ report: trainingReport(request), strategy: 'ps', devices, algorithm: 'ring', servers, overlap: true });
    };
    expect(story(64, 8).slice(1, 3)).toEqual([
      'Each device pushes its gradients to 8 parameter servers and pulls the parameters back.',
      "Each server's port carries 46.4 GiB an iteration, 8× a worker's: it is saturated, busy 100% of the time pushes and pulls take, while each worker's port is busy 12% of it.",
    ]);
    expect(story(4, 4)[2]).toBe(
      "Each server's port carries as much as a worker's, 5.80 GiB an iteration: both are busy 100% of the time pushes and pulls take.",
    );
    expect(story(4, 8)[2]).toBe(
      "Each worker's port carries 5.80 GiB an iteration, more than a server's (0.5×): the workers' ports are saturated, so more servers would not make it faster.",
    );
  });
});
