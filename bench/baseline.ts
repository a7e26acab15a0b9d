// The plain kernels the engine is measured against: the same number of elements, over a working set
// as large as the engine's device buffers, on arrays already touched (no page faults in the timing).

export class PlainKernels {
  private readonly memory: Float32Array;
  private readonly half: number;

  constructor(workingSetElements: number) {
    this.memory = new Float32Array(Math.max(2, workingSetElements)).fill(1);
    this.half = this.memory.length >> 1;
  }

  /** Milliseconds of `a[i] += b[i]` over `elements` values (a, b: the two halves, in passes). */
  addMs(elements: number): number {
    const m = this.memory;
    const half = this.half;
    const started = performance.now();
    let left = elements;
    while (left > 0) {
      const n = Math.min(left, half);
      for (let i = 0; i < n; i++) m[i] += m[half + i];
      left -= n;
    }
    return performance.now() - started;
  }

  /** Milliseconds of copying `elements` values with copyWithin, in passes. */
  copyMs(elements: number): number {
    const started = performance.now();
    let left = elements;
    while (left > 0) {
      const n = Math.min(left, this.half);
      this.memory.copyWithin(0, this.half, this.half + n);
      left -= n;
    }
    return performance.now() - started;
  }
}
