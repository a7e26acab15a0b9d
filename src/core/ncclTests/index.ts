// nccl-tests' logs: read as pasted (parseLog, looksLikeLog), fitted to an α-β model per protocol
// (calibration, fit, model), and turned into a machine the cost model can use (asModel).

export * from './parseLog';
export * from './looksLikeLog';
export * from './collectives';
export * from './calibration';
export * from './model';
export * from './asModel';
