// The shape both engines share, so the app can hold either.

export interface SimEngine {
  readonly backend: 'cpu' | 'webgpu';
  readonly steps: number;
  readonly stepsApplied: number;
  load(inputs: Float32Array): void;
  seek(step: number): void;
  /** All device buffers, device-major. */
  read(): Float32Array | Promise<Float32Array>;
  destroy(): void;
}
