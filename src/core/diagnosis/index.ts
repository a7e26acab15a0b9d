// What went wrong in a schedule that does not verify, in terms a person can act on.
//
// - faults: every (device, chunk) that ends wrong, with what it lacks, holds twice or should not hold.
// - lineage: the writes that built a chunk's value, back to the inputs.
// - counterpart, scheduleDiff: the built-in schedule a loaded one claims to be, and the transfers it
//   drops, adds or changes against it.
// - cause: the transfer where it went wrong, most likely first: against the built-in counterpart, or
//   from the contributions alone (repair: the one-transfer changes that make it verify).

export * from './faults';
export * from './lineage';
export * from './counterpart';
export * from './scheduleDiff';
export * from './cause';
