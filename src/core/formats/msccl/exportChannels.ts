// Which channel each message of the exported program goes on, and how widely a pair's messages and
// a GPU's local operations are spread (exportXml.ts, "Channels"). Peers are grouped by ring distance,
// MSCCL_LIMITS.threadblocksPerChannel / 2 distances a group since a GPU has at most two peers at each
// distance: group x of G in use takes channels x, x + G, x + 2G, …, so no channel has more sending
// or receiving threadblocks than RCCL allows, and both directions of a pair share channels. The plan
// starts with every pair on one channel and is widened while a threadblock has too many steps.

import type { Piece, Pieces } from './exportPieces';
import type { Failure } from './exportThreadblocks';
import { MSCCL_LIMITS } from './program';

/** Ring distances per channel group: a GPU has at most two peers at each distance. */
const DISTANCES_PER_GROUP = MSCCL_LIMITS.threadblocksPerChannel / 2;

interface Plan {
  /** Channels per (src, dst) pair, by src·N + dst. */
  spread: Map<number, number>;
  /** Local threadblocks per GPU. */
  locals: number[];
  /** Spread a pair's messages by message order rather than destination chunk. */
  byOrder: boolean;
}

export class ChannelPlan {
  readonly plan: Plan;
  /** Channel groups in use, and the id of each distance group among them. */
  private readonly groups: number;
  private readonly groupIds = new Map<number, number>();
  private readonly devices: number;

  constructor(
    private readonly pieces: Pieces,
    private readonly maxSteps: number,
  ) {
    this.devices = pieces.devices;
    // Channel groups in use, numbered 0, 1, …: a ring's pairs all fall in one group.
    for (const pair of pieces.pairCounts.keys()) this.groupIds.set(this.distanceGroup(Math.floor(pair / this.devices), pair % this.devices), 0);
    [...this.groupIds.keys()].sort((a, b) => a - b).forEach((group, id) => this.groupIds.set(group, id));
    this.groups = Math.max(1, this.groupIds.size);
    this.plan = { spread: new Map(), locals: Array<number>(this.devices).fill(1), byOrder: false };
  }

  /** The distance group of a pair: by ring distance, the same both ways. */
  private distanceGroup(a: number, b: number): number {
    const d = (((b - a) % this.devices) + this.devices) % this.devices;
    return Math.floor((Math.min(d, this.devices - d) - 1) / DISTANCES_PER_GROUP);
  }

  private groupOf(a: number, b: number): number {
    return this.groupIds.get(this.distanceGroup(a, b)) ?? 0;
  }

  private channelOf(piece: Piece): number {
    const { plan } = this;
    const spread = plan.spread.get(piece.src * this.devices + piece.dst) ?? 1;
    const key = plan.byOrder ? piece.ordinal : piece.rank;
    return this.groupOf(piece.src, piece.dst) + this.groups * (key % spread);
  }

  /** Sets the channel of every message under the plan. */
  assign(): void {
    for (const pieces of this.pieces.steps) for (const piece of pieces) if (piece.src !== piece.dst) piece.chan = this.channelOf(piece);
  }

  /**
   * Spreads the pairs (or local operations) of every threadblock with too many steps over more
   * channels (or local threadblocks): as many more as its steps are over the limit, at least one;
   * when none can spread further, spreads pairs by message order instead. False when nothing helps.
   */
  widen(failures: Failure[]): boolean {
    const { plan, pieces, devices } = this;
    let changed = false;
    const targets = new Map<number, number>();
    const localTargets = new Map<number, number>();
    const more = (now: number, steps: number, most: number) => Math.min(most, Math.max(now + 1, Math.ceil((now * steps) / this.maxSteps)));
    for (const failure of failures) {
      if (failure.kind !== 'steps') continue;
      const { gpu, tb, steps } = failure;
      if (tb.send < 0 && tb.recv < 0) {
        const locals = more(plan.locals[gpu], steps, pieces.localSlots[gpu].size);
        if (locals > plan.locals[gpu]) localTargets.set(gpu, Math.max(localTargets.get(gpu) ?? 0, locals));
        continue;
      }
      const pairs = new Set<number>();
      if (tb.send >= 0) pairs.add(gpu * devices + tb.send);
      if (tb.recv >= 0) pairs.add(tb.recv * devices + gpu);
      for (const pair of pairs) {
        const spread = plan.spread.get(pair) ?? 1;
        const keys = plan.byOrder ? (pieces.pairCounts.get(pair) ?? 0) : (pieces.pairSlots.get(pair)?.size ?? 0);
        const next = more(spread, steps, Math.min(keys, Math.floor(MSCCL_LIMITS.channels / this.groups)));
        if (next > spread) targets.set(pair, Math.max(targets.get(pair) ?? 0, next));
      }
    }
    for (const [pair, next] of targets) {
      plan.spread.set(pair, next);
      changed = true;
    }
    for (const [gpu, next] of localTargets) {
      plan.locals[gpu] = next;
      changed = true;
    }
    if (changed) return true;
    if (!plan.byOrder) {
      plan.byOrder = true;
      return true;
    }
    return false;
  }
}
