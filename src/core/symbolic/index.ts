// Symbolic replay: which contributions (the seeds' a, b, c, …) every (device, chunk) holds after every
// step, and the proofs built on it. No number is added here; sets and expressions are.
//
// - verify: the verdict on a schedule: every device ends with exactly what the collective promises.
// - contributions: multisets of contributions as sorted runs, the values every replay moves.
// - terms: the terms a value combines in order, the seeds' (a₁+b₁), and TermReplay, the forward
//   replay that narration, lineage and the schedule diff read.
// - stepTracker: StepTracker, the one replay that seeks forward and back a step at a time, for views;
//   replayCells is the state it moves, and chunkRanges what each cell must end with (and how complete
//   each device starts).
// - placeReading: a place's value read as a chunk of the data, as pictures draw it.
// - numericCheck: what a value should be after a collective and how close f32 must come.
// - reductionOrder: the expression tree behind a value (which ⊕, where, in which step), and
//   elementReduction: one element explained on real data (its f32 value as the engines compute it,
//   the exact result, the bound of its tree) and two algorithms compared in ulps; reductionText
//   writes the trees in the seeds' notation, exactValue and f32Bits hold the exact arithmetic and bits.
// ContributionReplay (contributionReplay.ts) is the forward replay verify and faults use.

export * from './verify';
export * from './contributions';
export * from './terms';
export * from './stepTracker';
export * from './replayCells';
export * from './chunkRanges';
export * from './placeReading';
export * from './numericCheck';
export * from './reductionOrder';
export * from './reductionValue';
export * from './reductionBound';
export * from './elementReduction';
export * from './reductionText';
export * from './exactValue';
export * from './f32Bits';
