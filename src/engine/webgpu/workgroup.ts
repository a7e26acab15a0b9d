// How the engine's work is cut for the adapter it runs on. The stepped kernels' tables (plan.ts) tile
// by one width, WORKGROUP_SIZE, since they are built before any adapter is known (off the main
// thread, for large schedules). The whole run's kernel (columnPlan.ts) and the plain add it is
// measured against take their shape from the adapter (fitFor), as pipeline overrides: a GPU wants
// enough invocations to fill it, each shallow; a CPU standing in for one wants a few tasks for each
// of its cores, each deep, since an invocation's every op is its own work there.

/** Invocations per workgroup of the stepped kernels and the training run's gradient. */
export const WORKGROUP_SIZE = 64;

/** The widths a whole run's or the add's workgroup may take. */
export const WORKGROUP_WIDTHS = [32, 64, 128, 256] as const;

/** What of an adapter decides how work is cut for it. */
export interface AdapterShape {
  /** A CPU standing in for a GPU (SwiftShader, llvmpipe, WARP, or any adapter called a fallback). */
  cpu: boolean;
  /** The widest subgroup (warp, wavefront) the adapter runs; 0 where it does not say. */
  subgroupMaxSize: number;
  /** maxComputeInvocationsPerWorkgroup and maxComputeWorkgroupSizeX, the lesser. */
  maxWidth: number;
  /** The machine's cores, where the adapter is a CPU. */
  cores: number;
}

/** How the whole run and the add are cut on one adapter. */
export interface AdapterFit {
  /** Invocations per workgroup of the whole run. */
  workgroup: number;
  /** Invocations the whole run keeps busy at least, where it has that many vec4s. */
  busy: number;
  /** Invocations per workgroup of the plain add (one vec4 each). */
  addWorkgroup: number;
  /**
   * The most ops a column may hold for each step of the run for it to go through the column kernel:
   * its invocations apply them one after another, where the step kernels spread each step over the
   * adapter. Deeper columns (naive on many devices: a column of N(N − 1) transfers and N − 1 fills in one step) run
   * as each step's passes instead, still in one submission.
   */
  opsPerStep: number;
}

/**
 * Invocations a GPU keeps resident: an H100 or H200 holds 132 × 2,048. Fewer leave its memory idle;
 * more only make each walk its ops for fewer vec4s.
 */
const GPU_BUSY = 2 ** 18;
/** Tasks per core on a CPU adapter: enough that cores finishing early find more. */
const CPU_TASKS_PER_CORE = 8;
/**
 * Ops a column may hold a step. On SwiftShader the column kernel was 2 times faster than the step
 * kernels at 63 (naive on 8 devices), 8 times at 102 (halving-doubling on 1,024), even at 4,095
 * (naive on 64) and 5 times slower at a million (naive on 1,024). On a GPU a step stepped took about 25 µs (an H200, ring on 1,024 devices), and an
 * op walked in turn waits for about 0.3 µs (a round trip to L2): about 80, of which 64 is the power of
 * two below. Not yet measured on a GPU.
 */
const CPU_OPS_PER_STEP = 1024;
const GPU_OPS_PER_STEP = 64;

export function adapterShape(adapter: GPUAdapter, cores: number): AdapterShape {
  const info = adapter.info as GPUAdapterInfo & { subgroupMaxSize?: number; isFallbackAdapter?: boolean };
  const text = `${info.vendor} ${info.architecture} ${info.description}`.toLowerCase();
  const fallback = !!info.isFallbackAdapter || !!(adapter as { isFallbackAdapter?: boolean }).isFallbackAdapter;
  return {
    cpu: fallback || /swiftshader|llvmpipe|lavapipe|\bwarp\b/.test(text),
    subgroupMaxSize: info.subgroupMaxSize ?? 0,
    maxWidth: Math.min(adapter.limits.maxComputeInvocationsPerWorkgroup, adapter.limits.maxComputeWorkgroupSizeX),
    cores: Math.max(1, cores),
  };
}

/** The widest of WORKGROUP_WIDTHS at most `wanted` that the adapter allows. */
function widthUpTo(shape: AdapterShape, wanted: number): number {
  return WORKGROUP_WIDTHS.filter((width) => width <= wanted && width <= shape.maxWidth).at(-1) ?? WORKGROUP_WIDTHS[0];
}

/**
 * On a GPU: workgroups of WORKGROUP_SIZE, or of one subgroup where that is wider (a wave of 128), so
 * no lane idles; GPU_BUSY invocations. On a CPU: a workgroup is one task of a thread, so the add (a
 * vec4 an invocation) goes widest, and the whole run keeps CPU_TASKS_PER_CORE workgroups a core busy,
 * each invocation walking more vec4s. docs/performance.md has the measurements behind this.
 */
export function fitFor(shape: AdapterShape): AdapterFit {
  if (shape.cpu) {
    const workgroup = widthUpTo(shape, WORKGROUP_SIZE);
    return {
      workgroup,
      busy: workgroup * CPU_TASKS_PER_CORE * shape.cores,
      addWorkgroup: widthUpTo(shape, Infinity),
      opsPerStep: CPU_OPS_PER_STEP,
    };
  }
  const workgroup = widthUpTo(shape, Math.max(WORKGROUP_SIZE, shape.subgroupMaxSize));
  return { workgroup, busy: GPU_BUSY, addWorkgroup: workgroup, opsPerStep: GPU_OPS_PER_STEP };
}
