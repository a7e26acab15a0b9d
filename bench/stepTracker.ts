// npx tsx bench/stepTracker.ts: the main-thread cost of one step of the step tracker the views share,
// on 4 and on 1024 devices. A step costs work in proportion to the transfers it applies, so the cost per
// transfer stays about the same from 4 devices to 1024, whatever devices × chunks is. Best of a few runs.

import { buildSchedule } from '../src/core/algorithms';
import { compileSchedule } from '../src/core/schedule';
import { StepTracker } from '../src/core/symbolic';

const RUNS = 5;

function perStep(algorithm: string, devices: number, steps: number): void {
  const compiled = compileSchedule(buildSchedule({ algorithm, devices }));
  const n = Math.min(steps, compiled.steps);
  const best = new Array<number>(n).fill(Infinity);
  for (let run = 0; run < RUNS; run++) {
    const tracker = new StepTracker(compiled);
    for (let step = 1; step <= n; step++) {
      const started = performance.now();
      tracker.seek(step);
      tracker.storyWrites(step);
      for (let d = 0; d < devices; d++) tracker.completeness(d);
      best[step - 1] = Math.min(best[step - 1], performance.now() - started);
    }
  }
  const ms = best.reduce((a, b) => a + b, 0);
  const transfers = compiled.stepStart[n];
  console.log(
    `${algorithm.padEnd(17)} ${String(devices).padStart(4)} devices, steps 1–${n}: ${(ms / n).toFixed(3)} ms a step (longest ${Math.max(...best).toFixed(2)}), ${((ms * 1e6) / transfers).toFixed(0)} ns a transfer`,
  );
}

for (const [algorithm, steps] of [
  ['halving-doubling', 20],
  ['ring', 64],
  ['naive', 1],
] as const) {
  for (const devices of [4, 1024]) perStep(algorithm, devices, steps);
}
