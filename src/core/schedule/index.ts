// The schedule: gradsync's one intermediate form, which every algorithm writes, every engine runs and
// every view, check and format reads (docs/architecture.md, "The schedule IR").
//
// - ir: the `gradsync-schedule/1` and `/2` types (collectives, transfers, buffers) and their small rules.
// - compile: validation of a schedule and its flat, typed-array form, which everything downstream reads;
//   validate holds the checks of a schedule's fields that it runs first.
// - slots: where chunks live on a device (one buffer, or input, output and scratch buffers).
// - slotTransfers: a step's transfers with both ends as slots, as pictures draw them.
// - flat, packed: the schedule as flat arrays that builders write and workers send without copying.
// - chunks: which elements chunk c of a K-element buffer covers.

export * from './ir';
export * from './compile';
export * from './slots';
export * from './slotTransfers';
export * from './flat';
export * from './packed';
export * from './chunks';
