// The lessons, in the order the seeds argue: every GPU sends to every other (too much bandwidth), one
// GPU as master (does not scale), the ring's share-reduce and share-only (the master's traffic, spread
// out), the tree (fewer steps), the double tree (both directions of every link), the hierarchical ring,
// NCCL 2.4's figures at scale, overlapping communication with backward, sharding the state (ZeRO,
// FSDP) and the parameter server. Each framing follows the seeds' own words; the figures and questions
// are the simulator's, computed, never written out. A lesson about one algorithm is named by its id.

import { doubleTree } from '../algorithms/doubleTree';
import { hierarchicalRing } from '../algorithms/hierarchicalRing';
import { master } from '../algorithms/master';
import { naive } from '../algorithms/naive';
import { ring } from '../algorithms/ring';
import { tree } from '../algorithms/tree';
import { NCCL_24_FIGURES, type ScaleFigures } from '../model/ncclScaling';
import type { Strategy } from '../training/strategies';
import type { CostSetup } from './costQuestion';
import type { TrainingQuestionKind } from './trainingQuestion';

/** The round numbers every cost question starts from: the cost model's default switch. */
const SWITCH = { latencyUs: 5, bandwidthGBs: 100 } as const;
const GIB = 2 ** 30;
const MIB = 2 ** 20;

/** One setting of a training figure; ← and → move between them. */
interface TrainingStage {
  strategy: Strategy;
  overlap: boolean;
  /** Parameter servers (ps). */
  servers?: number;
  /** What this stage shows, in a few words: "without overlap". */
  caption: string;
}

/** What a training figure shows besides the iteration's numbers: its lanes, memory per device, a parameter server's ports. */
export type TrainingPart = 'lanes' | 'memory' | 'ports';

export type LessonFigure =
  /** The devices picture of an all-reduce; ← and → step through it, and each step can be predicted. */
  | { kind: 'collective'; algorithm: string; devices: number; elements: number; devicesPerNode?: number }
  /** The training view of one model; ← and → move between its stages. */
  | { kind: 'training'; model: string; devices: number; algorithm: string; shows: readonly TrainingPart[]; stages: readonly TrainingStage[] }
  /** NCCL 2.4's figures: the chart of latency and bus bandwidth against GPU count is mounted here. */
  | { kind: 'scale-chart'; chart: ScaleFigures };

export interface Lesson {
  id: string;
  title: string;
  /** One paragraph, following the seeds' words. */
  framing: string;
  /** The source the framing follows. */
  source: string;
  figure: LessonFigure;
  /** Worked problems answered by the cost model. */
  costs: readonly CostSetup[];
  /** Questions answered by the training model, about the training figure's model and devices. */
  training: readonly TrainingQuestionKind[];
}

const WALKTHROUGH = 'All-Reduce and Ring-Reduce for Model Synchronization in Multi-GPU Training';
const SCALING = 'Distributed data parallelism and the ring, tree and two-tree all-reduce';
const FSDP = 'Ring-all-reduce: scatter-gather gradients passing (FSDP)';
const COLLECTIVES = 'All-Reduce and the parameter server (ApX Machine Learning)';

export const LESSONS: readonly Lesson[] = [
  {
    id: naive.id,
    title: 'Every GPU sends to every other',
    framing:
      'Data parallelism replicates the model across all GPUs, divides the data into smaller batches and processes one batch per GPU. Since every GPU processes a different data chunk, the gradients are also different: before updating the model parameters on each GPU device, we must communicate these gradients to all other devices. The most obvious technique is to send the gradients from one GPU device to all other GPU devices. But this utilizes too much bandwidth: with G GPUs of N elements each, it is a total transfer of G·(G−1)·N elements.',
    source: WALKTHROUGH,
    figure: { kind: 'collective', algorithm: naive.id, devices: 4, elements: 1024 },
    costs: [{ algorithm: naive.id, devices: 8, bytes: 256 * MIB, ...SWITCH, versus: master.id }],
    training: [],
  },
  {
    id: master.id,
    title: 'One GPU as the master',
    framing:
      'We can optimize this by transferring all the elements to one GPU, computing the average, and communicating the average back to all other GPUs: (G−1) GPUs transfer N elements to the 1st GPU, then the 1st GPU transfers N elements to (G−1) GPUs, 2·(G−1)·N elements in all. This is a significant improvement, but now a single GPU must receive, compute, and communicate back the gradients, so this does not scale.',
    source: WALKTHROUGH,
    figure: { kind: 'collective', algorithm: master.id, devices: 4, elements: 1024 },
    costs: [{ algorithm: master.id, devices: 8, bytes: 256 * MIB, ...SWITCH, versus: ring.id }],
    training: [],
  },
  {
    id: ring.id,
    title: 'Ring all-reduce: share-reduce, then share-only',
    framing:
      'Gradients are divided into G segments on every GPU, and in an iteration each GPU communicates a segment to the next GPU: GPU-0 sends a₁ to GPU-1, where it gets added to b₁; GPU-1 sends b₂ to GPU-2, where it gets added to c₂; and so on around the ring. After the share-reduce phase every GPU has one entire segment, and in the share-only phase these complete segments travel on to all other GPUs. The number of elements transferred is still the same as in the single-GPU-master approach, but the ring is much more scalable since it does not put the entire load on one GPU for communication.',
    source: WALKTHROUGH,
    figure: { kind: 'collective', algorithm: ring.id, devices: 4, elements: 1024 },
    costs: [{ algorithm: ring.id, devices: 8, bytes: GIB, ...SWITCH, versus: doubleTree.id }],
    training: [],
  },
  {
    id: tree.id,
    title: 'Tree all-reduce: fewer steps',
    framing:
      'For large distributed systems, latency isn’t negligible: the ring performs 2(N−1) sequential communication steps. Picture an upside-down binary tree: leaf nodes send their values to their parent nodes, parent nodes combine received values and send to their parents, and this continues until the root node performs the final reduction; then the root sends the result back down. Total latency is 2·log2(N) steps. The key limitation is in bandwidth utilization: leaf nodes, which constitute half of all nodes, use their network links in a half-duplex manner.',
    source: SCALING,
    figure: { kind: 'collective', algorithm: tree.id, devices: 8, elements: 1024 },
    costs: [{ algorithm: tree.id, devices: 64, bytes: 64 * 1024, ...SWITCH, versus: ring.id }],
    training: [],
  },
  {
    id: doubleTree.id,
    title: 'Double binary tree: every link both ways',
    framing:
      'Two-tree all-reduce tackles the bandwidth underutilization in simple tree reductions by starting with a complete binary tree and then constructing a complementary one: in one tree, a node acts as a leaf; in the other, it becomes an internal node. The data is split into two halves, one for each tree. Except for the initial and the final steps, each intermediate communication phase allows every processor to both send and receive simultaneously, nearly doubling the effective bandwidth usage compared to a single-tree approach, while the algorithm still operates in a logarithmic number of steps.',
    source: SCALING,
    figure: { kind: 'collective', algorithm: doubleTree.id, devices: 8, elements: 1024 },
    costs: [{ algorithm: doubleTree.id, devices: 64, bytes: 64 * MIB, ...SWITCH, versus: tree.id }],
    training: [],
  },
  {
    id: hierarchicalRing.id,
    title: 'Hierarchical ring: GPUs in nodes',
    framing:
      'Ring all-reduce performs best when GPUs within the same node are placed adjacent to each other in the ring, minimizing network contention; since data transfers happen synchronously between neighbours, the algorithm’s speed is limited by the slowest connection in the ring. The hierarchical ring keeps most steps inside the nodes: each node runs share-reduce among its own GPUs, the nodes run a ring between GPUs of equal rank, and each node ends with share-only.',
    source: SCALING,
    figure: { kind: 'collective', algorithm: hierarchicalRing.id, devices: 8, elements: 1024, devicesPerNode: 4 },
    costs: [{ algorithm: hierarchicalRing.id, devices: 64, devicesPerNode: 8, bytes: 64 * 1024, ...SWITCH, versus: ring.id }],
    training: [],
  },
  {
    id: 'nccl-2-4',
    title: 'NCCL 2.4: rings and trees at scale',
    framing:
      'In 2019, NVIDIA published the article “Massively Scale Your Deep Learning Training with NCCL 2.4,” which examined how ring all-reduce, hierarchical ring all-reduce and two-tree all-reduce impact performance. The ring’s 2(N−1) sequential steps create a linear relationship between latency and processor count: with 1024 nodes, tree all-reduce completes in just 10 communication steps versus ring reduce’s 1024 steps. The two-tree all-reduce combines the O(log N) latency advantages of tree-based methods with high-bandwidth efficiency.',
    source: SCALING,
    figure: {
      kind: 'scale-chart',
      chart: NCCL_24_FIGURES,
    },
    costs: [
      { algorithm: ring.id, devices: 1024, bytes: 8, ...SWITCH, versus: doubleTree.id },
      { algorithm: ring.id, devices: 1024, bytes: GIB, ...SWITCH, versus: doubleTree.id },
    ],
    training: [],
  },
  {
    id: 'overlap',
    title: 'Overlap communication with backward',
    framing:
      'Further performance gains come from exploiting the neural network’s layer-wise structure: during each iteration, gradients become available sequentially from the output layer inward. Since ring all-reduce can operate on parameter subsets, we can begin reducing output layer gradients while earlier layers are still computing their gradients. This interleaving of communication and computation significantly reduces GPU idle time.',
    source: SCALING,
    figure: {
      kind: 'training',
      model: 'gpt2-xl',
      devices: 64,
      algorithm: ring.id,
      shows: ['lanes'],
      stages: [
        { strategy: 'ddp', overlap: false, caption: 'all-reduce after backward' },
        { strategy: 'ddp', overlap: true, caption: 'all-reduce during backward' },
      ],
    },
    costs: [],
    training: ['overlap'],
  },
  {
    id: 'zero',
    title: 'ZeRO and FSDP: shard the state',
    framing:
      'Data parallelism is viable only when the entire model can fit in the device’s memory. In Fully Sharded Data Parallel (FSDP), the scatter-gather pattern is used to pass sharded gradients, model parameters, and optimizer states, allowing for training of models that are too large to fit on a single GPU. Since gradients are sharded across devices during the reduction phase, a device only needs to store its portion of the aggregated gradient, not the entire aggregated gradient.',
    source: FSDP,
    figure: {
      kind: 'training',
      model: 'gpt2-xl',
      devices: 64,
      algorithm: ring.id,
      shows: ['memory'],
      stages: [
        { strategy: 'ddp', overlap: true, caption: 'DDP: everything replicated' },
        { strategy: 'zero1', overlap: true, caption: 'ZeRO-1: optimizer state sharded' },
        { strategy: 'zero2', overlap: true, caption: 'ZeRO-2: gradients sharded too' },
        { strategy: 'zero3', overlap: true, caption: 'ZeRO-3 (FSDP): parameters sharded too' },
      ],
    },
    costs: [],
    training: ['sharding'],
  },
  {
    id: 'parameter-server',
    title: 'The parameter server',
    framing:
      'Sending all gradients to a central parameter server, having it perform the aggregation, and then broadcasting the result back can create a significant communication bottleneck, especially as the number of workers (N) increases. The central server’s network bandwidth becomes the limiting factor. Collective communication operations such as All-Reduce offer a more decentralized and often more scalable approach.',
    source: COLLECTIVES,
    figure: {
      kind: 'training',
      model: 'gpt2-xl',
      devices: 64,
      algorithm: ring.id,
      shows: ['ports'],
      stages: [
        { strategy: 'ps', overlap: true, servers: 1, caption: 'one parameter server' },
        { strategy: 'ps', overlap: true, servers: 8, caption: 'eight parameter servers' },
        { strategy: 'ddp', overlap: true, caption: 'no server: ring all-reduce' },
      ],
    },
    costs: [],
    training: ['server'],
  },
];

export const LESSON_IDS: readonly string[] = LESSONS.map((lesson) => lesson.id);

export function lessonById(id: string): Lesson | undefined {
  return LESSONS.find((lesson) => lesson.id === id);
}

/** The lesson `by` places after `id` (−1: before), or null past either end. */
export function lessonBeside(id: string, by: 1 | -1): Lesson | null {
  const at = LESSON_IDS.indexOf(id);
  return at < 0 ? null : (LESSONS[at + by] ?? null);
}
