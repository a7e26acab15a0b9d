// The α-β cost model and everything measured with it: what a schedule moves and how long it takes.
//
// - cost: model time of a schedule on a topology (fabrics with latency α and bandwidth B), per step.
// - transport: how NCCL's protocols and channels turn a fabric's α and B into the ones a step sees.
// - topology: what a topology is called and which one a schedule is modelled on.
// - traffic, trafficFormulas: bytes per device and per step, beside the seeds' closed-form counts.
// - busiestDevice: the device whose port carries the most bytes over a run.
// - metrics: nccl-tests' algbw and busbw and its result table.
// - compare: every all-reduce algorithm's model time against devices and message size.
// - scaleModel, compareRows: an all-reduce's model from closed forms alone, up to 131,072 devices, and
//   the rows of `gradsync compare` and of NCCL 2.4's charts (ncclScaling) built from it.
// - timeline, dataflowTiming, dataflowTimeline: model time per step, and "as soon as ready" timing.
// stepLoads (stepLoads.ts), the loads per step and fabric that cost charges, is read only in this folder.

export * from './cost';
export * from './transport';
export * from './topology';
export * from './traffic';
export * from './trafficFormulas';
export * from './busiestDevice';
export * from './metrics';
export * from './compare';
export * from './scaleModel';
export * from './compareRows';
export * from './ncclScaling';
export * from './timeline';
export * from './dataflowTiming';
export * from './dataflowTimeline';
