// NCCL's own choices, from its source: protocols and their per-hop latencies (protocols,
// tuningTables), the machines gradsync models as presets (presets, system, graphs), and the tuner
// that picks an algorithm and protocol per message size (tuner, tunerSweep, tuneModel).

export * from './protocols';
export * from './tuningTables';
export * from './presets';
export * from './tuner';
export type { NcclGraph } from './graphs';
export * from './tunerSweep';
