import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../../src/core/algorithms';
import { longestExpression } from '../../../../src/ui/devices/card/cardShape';
import { diagramGeometry } from '../../../../src/ui/devices/layout/geometry';
import { deviceLayout } from '../../../../src/ui/devices/layout/layouts';
import { planSprites, routeFinder } from '../../../../src/ui/devices/motion/sprites';

function plan(devices: number, step: number) {
  const schedule = buildSchedule({ algorithm: 'ring', devices });
  const layout = deviceLayout(schedule, 960 / 560);
  const geometry = diagramGeometry(
    layout,
    { width: 960, height: 560 },
    { devices, chunks: schedule.chunks, textChars: longestExpression(devices, schedule.chunks) },
  );
  return planSprites(schedule, step, geometry, routeFinder(layout, geometry), () => new Int32Array(0));
}

describe('the links a step lights', () => {
  it('lights every ring link one way in ring on 4’s first step: GPU-i to GPU-(i+1)', () => {
    const links = plan(4, 0).links.map(({ a, b, forward, backward, arrows }) => ({ a, b, forward, backward, arrows }));
    expect(links).toEqual([
      { a: 0, b: 1, forward: 'reduce', backward: null, arrows: true },
      { a: 1, b: 2, forward: 'reduce', backward: null, arrows: true },
      { a: 2, b: 3, forward: 'reduce', backward: null, arrows: true },
      // Drawn from GPU-0 to GPU-3, the link carries GPU-3's message backward.
      { a: 0, b: 3, forward: null, backward: 'reduce', arrows: true },
    ]);
  });

  it('lights ring on 2’s one link both ways, and copies in the all-gather', () => {
    expect(plan(2, 0).links.map(({ forward, backward }) => [forward, backward])).toEqual([['reduce', 'reduce']]);
    expect(plan(2, 1).links.map(({ forward, backward }) => [forward, backward])).toEqual([['copy', 'copy']]);
  });

  it('plans a step’s ways once per picture: the landing marks a step later share them, with the messages of their own time', () => {
    const schedule = buildSchedule({ algorithm: 'ring', devices: 8 });
    const layout = deviceLayout(schedule, 960 / 560);
    const geometry = diagramGeometry(
      layout,
      { width: 960, height: 560 },
      { devices: 8, chunks: schedule.chunks, textChars: longestExpression(8, schedule.chunks) },
    );
    const route = routeFinder(layout, geometry);
    const travelling = planSprites(schedule, 3, geometry, route, (d) => new Int32Array([d, d + 1, 1]));
    const landing = planSprites(schedule, 3, geometry, route, (d) => new Int32Array([d, d + 2, 1]));
    expect(landing.paths).toBe(travelling.paths);
    expect(landing.targets).toBe(travelling.targets);
    expect(landing.sprites.map((sprite) => [...sprite.set])).not.toEqual(travelling.sprites.map((sprite) => [...sprite.set]));
    // Another picture of the same schedule plans its own.
    const other = diagramGeometry(
      layout,
      { width: 800, height: 560 },
      { devices: 8, chunks: schedule.chunks, textChars: longestExpression(8, schedule.chunks) },
    );
    expect(planSprites(schedule, 3, other, routeFinder(layout, other), () => new Int32Array(0)).paths).not.toBe(travelling.paths);
  });

  it('gives each message a way that ends where it lands', () => {
    const { paths, targets, sprites } = plan(4, 2);
    expect(sprites).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const end = ((i + 1) * paths.length) / 4;
      expect([paths[end - 2], paths[end - 1]]).toEqual([Math.fround(targets[i * 5]), Math.fround(targets[i * 5 + 1])]);
    }
  });
});
