// What a real data-parallel run showed, in plain words, for the command line and the page alike:
// whether the replicas kept the same bits, how far they ended from one device trained on the whole
// batch against the rounding bound, or, without sync, how far they drifted apart.

export interface RunFrame {
  /** Steps taken. */
  step: number;
  /** Each replica's loss on the whole batch. */
  losses: number[];
  /** The loss of one device trained on the whole batch. */
  singleLoss: number;
  /** The largest difference of one weight between two replicas; 0 when they are bit-identical. */
  spread: number;
  identical: boolean;
  /** max over replicas of ‖w_r − v‖₂, v the single device's weights, and the bound on it (sync only). */
  gap: number;
  bound: number | null;
}

export interface RunFacts {
  algorithm: string;
  sync: boolean;
  /** The schedule proves every device ends each all-reduce with the same bits. */
  guaranteed: boolean;
  frames: readonly RunFrame[];
}

/** A distance: 0, 0.73, or 1.0e-7 when it is below a hundredth. */
export function tiny(value: number): string {
  return value === 0 ? '0' : Math.abs(value) >= 0.01 ? value.toPrecision(2) : value.toExponential(1);
}

/** Replicas' losses: one number when they agree to four places, else the range. */
export function lossRange(losses: readonly number[]): string {
  const low = Math.min(...losses).toFixed(4);
  const high = Math.max(...losses).toFixed(4);
  return low === high ? low : `${low}–${high}`;
}

/** Whether the run kept its promises so far: within the bound, and bit-identical where guaranteed. */
export function keptPromises({ guaranteed, frames }: RunFacts): boolean {
  return frames.every((frame) => frame.bound === null || (frame.gap <= frame.bound && (!guaranteed || frame.identical)));
}

export function realRunStory(facts: RunFacts): string[] {
  const { algorithm, sync, guaranteed, frames } = facts;
  const last = frames[frames.length - 1];
  if (!last || last.step === 0) return [];
  if (!sync) {
    return [
      `Without sync each replica learns only its own shard: after ${last.step} steps they are ${tiny(last.spread)} apart, and on the whole batch they reach a loss of ${lossRange(last.losses)} where one model trained on all of it reaches ${last.singleLoss.toFixed(4)}.`,
    ];
  }
  const identical = frames.every((frame) => frame.identical);
  const widest = Math.max(...frames.map((frame) => frame.spread));
  return [
    identical
      ? `The replicas held the same bits at every step${guaranteed ? `, as ${algorithm} guarantees: every device sums the gradients in the same order` : ''}.`
      : guaranteed
        ? `The replicas differ by up to ${tiny(widest)}, although ${algorithm} sums in the same order on every device.`
        : `The replicas differ by up to ${tiny(widest)}: ${algorithm} sums in a different order on each device, so their last bits may differ.`,
    `They end ${tiny(last.gap)} from one device trained on the whole batch, ${last.gap <= last.bound! ? 'within' : 'OUTSIDE'} the rounding bound of ${tiny(last.bound!)}.`,
  ];
}
