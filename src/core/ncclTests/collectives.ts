// The collectives nccl-tests times, one *_perf binary each (NVIDIA/nccl-tests src/*.cu), and what
// their tables mean. The size column is S = max(send, receive bytes) of one rank; the count column
// is the elements per rank where the collective splits the buffer (count × type size × ranks = S).
// algbw = S / t except hypercube, which times (ranks − 1) of the ranks' shares; busbw = algbw × the
// factor below, which makes busbw the bandwidth every rank's link needs on a ring.

const NCCL_TESTS_COLLECTIVES = [
  'all_reduce',
  'all_gather',
  'reduce_scatter',
  'broadcast',
  'reduce',
  'alltoall',
  'scatter',
  'gather',
  'sendrecv',
  'hypercube',
] as const;
export type NcclTestsCollective = (typeof NCCL_TESTS_COLLECTIVES)[number];

interface CollectiveFacts {
  /** busbw / algbw on `ranks` ranks (nccl-tests' *GetBw). */
  busFactor(ranks: number): number;
  /** algbw × t / S: the share of S that algbw counts. */
  algShare(ranks: number): number;
  /** The count column counts one rank's share of S rather than all of S. */
  countPerRank: boolean;
  /**
   * Bytes that must leave the busiest node per operation, as a multiple of S, for `nodes` nodes of
   * `perNode` ranks: what any algorithm sends across, the hierarchical ones no more than this.
   */
  interNodeShare(nodes: number, perNode: number): number;
}

const ring = (ranks: number) => (ranks - 1) / ranks;
const whole = () => 1;

const FACTS: Readonly<Record<NcclTestsCollective, CollectiveFacts>> = {
  // Reduce-scatter across nodes, then all-gather: (n−1)/n of S out of every node, twice.
  all_reduce: { busFactor: (r) => 2 * ring(r), algShare: whole, countPerRank: false, interNodeShare: (n) => 2 * ring(n) },
  all_gather: { busFactor: ring, algShare: whole, countPerRank: true, interNodeShare: ring },
  reduce_scatter: { busFactor: ring, algShare: whole, countPerRank: true, interNodeShare: ring },
  // The root's node sends (broadcast) or receives (reduce) the whole buffer once.
  broadcast: { busFactor: whole, algShare: whole, countPerRank: false, interNodeShare: whole },
  reduce: { busFactor: whole, algShare: whole, countPerRank: false, interNodeShare: whole },
  // Every rank of a node sends the other nodes' shares of its S.
  alltoall: { busFactor: ring, algShare: whole, countPerRank: true, interNodeShare: (n, g) => g * ring(n) },
  scatter: { busFactor: ring, algShare: whole, countPerRank: true, interNodeShare: ring },
  gather: { busFactor: ring, algShare: whole, countPerRank: true, interNodeShare: ring },
  // Rank r sends S to rank r + 1: one rank of each node sends across.
  sendrecv: { busFactor: whole, algShare: whole, countPerRank: false, interNodeShare: whole },
  hypercube: { busFactor: whole, algShare: ring, countPerRank: true, interNodeShare: (n, g) => g * ring(n) },
};

export function collectiveFacts(collective: NcclTestsCollective): CollectiveFacts {
  return FACTS[collective];
}

/** The collective a binary name or "…_perf" names: 'all_reduce' for "all_reduce_perf_mpi". */
export function collectiveOfBinary(name: string): NcclTestsCollective | null {
  const stem = name.replace(/_perf(?:_mpi)?$/, '');
  return (NCCL_TESTS_COLLECTIVES as readonly string[]).includes(stem) ? (stem as NcclTestsCollective) : null;
}
