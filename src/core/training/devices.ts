// Throughput of the GPUs a training step is modelled on: dense 16-bit tensor-core peaks from their
// vendors' data sheets, and the share of it a training run sustains (model FLOPs utilization, about
// 0.4 for large models trained well). Either may be replaced by the caller.

export interface GpuPreset {
  readonly id: string;
  readonly name: string;
  /** Dense BF16/FP16 tensor peak, in TFLOP/s. */
  readonly peakTflops: number;
}

export const GPU_PRESETS: readonly GpuPreset[] = [
  { id: 'V100', name: 'NVIDIA V100 SXM2', peakTflops: 125 },
  { id: 'A100', name: 'NVIDIA A100 SXM', peakTflops: 312 },
  { id: 'H100', name: 'NVIDIA H100 SXM', peakTflops: 989 },
  { id: 'MI300X', name: 'AMD Instinct MI300X', peakTflops: 1307 },
];

export const DEFAULT_GPU = 'A100';
export const DEFAULT_UTILIZATION = 0.4;
