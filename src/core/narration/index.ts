// Every step told in the seeds' words ("GPU-0 sends a₁ to GPU-1, where it gets added to b₁."), with
// its phase (share-reduce, share-only, …), for the app, the presenter, the embed and the CLI alike.

export * from './narration';
export * from './writtenSummary';
