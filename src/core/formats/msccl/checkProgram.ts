// The checks of an MSCCL algorithm (docs/msccl-xml.md §1, §3, §5): what RCCL's parser refuses, and
// what it takes but would run otherwise than the XML says or gradsync cannot read (a peer or a
// dependency that does not exist, an offset past its buffer, two threadblocks on one connection, a
// fused `re` chain of unequal cnt). They run element by element, so that the XML reader can stop at
// the first problem with its line (those that need a whole threadblock or GPU read are
// checkThreadblocks.ts's); checkMscclAlgo runs them over an algorithm built in code. Every problem is
// one line naming the element, the attribute and what is allowed.

import { GradsyncError } from '../../errors';
import { MAX_CHUNKS, MAX_DEVICES } from '../../schedule/ir';
import { bufferChunks } from '../../schedule/slots';
import {
  BUFFER_OF_LETTER,
  GRADSYNC_COLLECTIVE_OF,
  MSCCL_BUFFERS,
  MSCCL_COLLECTIVES,
  MSCCL_LIMITS,
  MSCCL_PROTOCOLS,
  MSCCL_STEP_TYPES,
  readsSource,
  receives,
  sends,
  writesDestination,
  type MscclAlgo,
  type MscclGpu,
  type MscclStep,
  type MscclThreadblock,
} from './program';
import {
  checkConnections,
  checkDependencies,
  checkThreadblockIds,
  checkTransmissions,
  describeGpu,
  describeStep,
  describeTb,
  type Fail,
} from './checkThreadblocks';
import { quoted } from './xmlReader';
import { plural } from '../../units';

/** Where an element, or one of its attributes, stands in the XML; undefined for an algo built in code. */
export type Locate = (node: object, attribute?: string) => number | undefined;

/** Collectives RCCL reads that gradsync does not model. */
const OTHER_COLLECTIVES = ['alltoall', 'alltoallv', 'send', 'recv', 'gather', 'scatter'];

const BUFFER_ATTRIBUTES = ['srcbuf', 'dstbuf'] as const;
const INTEGER_ATTRIBUTES = ['srcoff', 'dstoff', 'cnt', 'depid', 'deps', 'hasdep'] as const;

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function oneOf(values: readonly string[]): string {
  return values.length === 2 ? `${values[0]} or ${values[1]}` : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * The checks, element by element, in the order the XML reader meets them: header(), then per GPU
 * gpu(), per threadblock threadblock(), step() for each step and endThreadblock(), then endGpu(), and
 * end() after the last GPU. checkMscclAlgo runs them over an algo built in code.
 */
export class AlgoChecker {
  private readonly gpus = new Map<number, MscclGpu>();
  private tbs = new Map<number, MscclThreadblock>();
  /** Chunks of the input and the output (set by header()). */
  private sizes = { input: 0, output: 0 };

  constructor(
    private readonly algo: MscclAlgo,
    private readonly locate: Locate = () => undefined,
  ) {}

  /** Throws the error; `what` names the element (a function when naming it costs, as for every step). */
  private readonly fail: Fail = (node, attribute, what, message) => {
    const line = this.locate(node, attribute);
    const element = typeof what === 'string' ? what : what();
    throw new GradsyncError('bad-input', `${line === undefined ? '' : `line ${line}: `}${element}: ${message}`);
  };

  private intIn(
    node: object,
    what: string | (() => string),
    attribute: string,
    value: unknown,
    lo: number,
    hi: number,
    allowed: string | (() => string) = `${lo}..${hi}`,
  ): void {
    if (!isInt(value)) this.fail(node, attribute, what, `${attribute} must be an integer, got ${quoted(value)}`);
    if (value < lo || value > hi) this.fail(node, attribute, what, `${attribute} must be ${typeof allowed === 'string' ? allowed : allowed()}, got ${value}`);
  }

  header(): void {
    const a = this.algo;
    const what = '<algo>';
    if (typeof a.name !== 'string') this.fail(a, 'name', what, `name must be a string, got ${quoted(a.name)}`);
    if (!(MSCCL_PROTOCOLS as readonly string[]).includes(a.proto)) {
      this.fail(a, 'proto', what, `proto must be ${oneOf(MSCCL_PROTOCOLS)}, got ${quoted(a.proto)}`);
    }
    this.intIn(a, what, 'ngpus', a.ngpus, 1, MAX_DEVICES);
    if (!(MSCCL_COLLECTIVES as readonly string[]).includes(a.coll)) {
      const known = OTHER_COLLECTIVES.includes(a.coll);
      this.fail(
        a,
        'coll',
        what,
        known
          ? `gradsync does not model the collective ${a.coll}; coll must be ${oneOf(MSCCL_COLLECTIVES)}`
          : `coll must be ${oneOf(MSCCL_COLLECTIVES)}, got ${quoted(a.coll)}`,
      );
    }
    this.intIn(a, what, 'nchannels', a.nchannels, 1, MSCCL_LIMITS.channels);
    this.intIn(a, what, 'nchunksperloop', a.nchunksperloop, 1, MAX_CHUNKS);
    if ((a.coll === 'allgather' || a.coll === 'reducescatter') && a.nchunksperloop % a.ngpus !== 0) {
      this.fail(
        a,
        'nchunksperloop',
        what,
        `nchunksperloop must be a multiple of ngpus (${a.ngpus}) for ${a.coll}, where each GPU owns as many chunks, got ${a.nchunksperloop}`,
      );
    }
    this.intIn(a, what, 'inplace', a.inplace, 0, 1, '0 or 1');
    this.intIn(a, what, 'outofplace', a.outofplace, 0, 1, '0 or 1');
    if (!isInt(a.minBytes)) this.fail(a, 'minBytes', what, `minBytes must be an integer, got ${quoted(a.minBytes)}`);
    if (!isInt(a.maxBytes)) this.fail(a, 'maxBytes', what, `maxBytes must be an integer, got ${quoted(a.maxBytes)}`);
    this.sizes = bufferChunks(GRADSYNC_COLLECTIVE_OF[a.coll], a.nchunksperloop, a.ngpus);
  }

  gpu(gpu: MscclGpu): void {
    const n = this.algo.ngpus;
    const what = isInt(gpu.id) ? describeGpu(gpu) : '<gpu>';
    this.intIn(gpu, what, 'id', gpu.id, 0, n - 1);
    const first = this.gpus.get(gpu.id);
    if (first) {
      const line = this.locate(first);
      this.fail(gpu, 'id', what, `GPU ${gpu.id} appears twice${line === undefined ? '' : ` (first on line ${line})`}; each of ids 0..${n - 1} appears once`);
    }
    this.gpus.set(gpu.id, gpu);
    this.intIn(gpu, what, 'i_chunks', gpu.i_chunks, 0, Number.MAX_SAFE_INTEGER, 'at least 0');
    this.intIn(gpu, what, 'o_chunks', gpu.o_chunks, 0, Number.MAX_SAFE_INTEGER, 'at least 0');
    this.intIn(gpu, what, 's_chunks', gpu.s_chunks, 0, MAX_CHUNKS);
    this.tbs = new Map();
  }

  threadblock(gpu: MscclGpu, tb: MscclThreadblock): void {
    const n = this.algo.ngpus;
    const what = isInt(tb.id) ? describeTb(gpu, tb) : `<tb> of GPU ${gpu.id}`;
    this.intIn(tb, what, 'id', tb.id, 0, MSCCL_LIMITS.threadblocks - 1);
    const first = this.tbs.get(tb.id);
    if (first) {
      const line = this.locate(first);
      this.fail(tb, 'id', what, `threadblock ${tb.id} appears twice in GPU ${gpu.id}${line === undefined ? '' : ` (first on line ${line})`}`);
    }
    this.tbs.set(tb.id, tb);
    const peers = n === 2 ? `${1 - gpu.id}` : `0..${n - 1} but ${gpu.id}`;
    for (const attribute of ['send', 'recv'] as const) {
      const peer = tb[attribute];
      const allowed = n === 1 ? '-1 (there is no other GPU)' : `-1 or a GPU other than this one (${peers})`;
      this.intIn(tb, what, attribute, peer, -1, n - 1, allowed);
      if (peer === gpu.id) this.fail(tb, attribute, what, `${attribute} must be ${allowed}, got ${peer}`);
    }
    this.intIn(tb, what, 'chan', tb.chan, 0, MSCCL_LIMITS.maxChan);
  }

  step(gpu: MscclGpu, tb: MscclThreadblock, step: MscclStep, index: number): void {
    const what = (): string => (isInt(step.s) ? describeStep(gpu, tb, step) : `<step> of GPU ${gpu.id} threadblock ${tb.id}`);
    const limit = MSCCL_LIMITS.steps;
    if (index >= limit) this.fail(step, 's', what, `a threadblock has at most ${limit} steps (s below ${limit})`);
    if (step.s !== index) {
      this.fail(step, 's', what, `s must be ${index}: steps are numbered 0, 1, 2, … in the order they appear, got ${quoted(step.s)}`);
    }
    if (!(MSCCL_STEP_TYPES as readonly string[]).includes(step.type)) {
      this.fail(step, 'type', what, `type must be ${oneOf(MSCCL_STEP_TYPES)}, got ${quoted(step.type)}`);
    }
    for (const attribute of BUFFER_ATTRIBUTES) {
      if (!(MSCCL_BUFFERS as readonly string[]).includes(step[attribute])) {
        this.fail(step, attribute, what, `${attribute} must be i, o or s (input, output, scratch), got ${quoted(step[attribute])}`);
      }
    }
    for (const attribute of INTEGER_ATTRIBUTES) {
      if (!isInt(step[attribute])) this.fail(step, attribute, what, `${attribute} must be an integer, got ${quoted(step[attribute])}`);
    }
    const nop = step.type === 'nop';
    if (!nop) this.intIn(step, what, 'cnt', step.cnt, 0, MSCCL_LIMITS.maxCount);
    this.intIn(step, what, 'hasdep', step.hasdep, 0, 1, '0 or 1');
    const { depid, deps } = step;
    if (depid < -1) this.fail(step, 'depid', what, `depid must be -1 or a threadblock of GPU ${gpu.id}, got ${depid}`);
    if (deps < -1) this.fail(step, 'deps', what, `deps must be -1 or a step of threadblock ${depid}, got ${deps}`);
    if (depid === -1 && deps !== -1) this.fail(step, 'deps', what, `deps must be -1 when depid is -1, got ${deps}`);
    if (depid !== -1 && deps === -1) this.fail(step, 'deps', what, `deps must be a step of threadblock ${depid} when depid is ${depid}, got -1`);
    if (nop) return;
    if (sends(step.type) && tb.send < 0) this.fail(step, 'type', what, `type ${step.type} sends, but the threadblock has send="-1"`);
    if (receives(step.type) && tb.recv < 0) this.fail(step, 'type', what, `type ${step.type} receives, but the threadblock has recv="-1"`);
    if (step.cnt === 0) return;
    if (readsSource(step.type)) this.inside(gpu, step, 'srcbuf', 'srcoff', what);
    if (writesDestination(step.type)) this.inside(gpu, step, 'dstbuf', 'dstoff', what);
  }

  /** Checks that a step's chunks [off, off + cnt) on one side lie in the buffer named. */
  private inside(gpu: MscclGpu, step: MscclStep, buf: 'srcbuf' | 'dstbuf', off: 'srcoff' | 'dstoff', what: () => string): void {
    const buffer = step[buf];
    const chunks = buffer === 'i' ? this.sizes.input : buffer === 'o' ? this.sizes.output : gpu.s_chunks;
    const offset = step[off];
    if (offset >= 0 && offset <= chunks - step.cnt) return;
    const name = `the ${BUFFER_OF_LETTER[buffer]}${buffer === 's' ? ` (s_chunks="${gpu.s_chunks}")` : ''}, of ${plural(chunks, 'chunk')}`;
    if (chunks < step.cnt) this.fail(step, buf, what, `${buf}="${buffer}" names ${name}: too few for cnt ${step.cnt}`);
    this.fail(step, off, what, `${off} must be 0..${chunks - step.cnt}${step.cnt > 1 ? ` for cnt ${step.cnt}` : ''} in ${name}, got ${offset}`);
  }

  endThreadblock(gpu: MscclGpu, tb: MscclThreadblock): void {
    checkTransmissions(gpu, tb, this.fail);
  }

  endGpu(gpu: MscclGpu): void {
    checkThreadblockIds(gpu, this.tbs, this.fail);
    checkDependencies(gpu, this.tbs, this.fail);
    checkConnections(gpu, this.fail);
  }

  end(): void {
    const n = this.algo.ngpus;
    for (let id = 0; id < n; id++) {
      if (!this.gpus.has(id)) this.fail(this.algo, undefined, '<algo>', `there is no <gpu id="${id}">; ngpus="${n}" needs each of ids 0..${n - 1} once`);
    }
  }
}

/**
 * Checks an algorithm built in code as parseMscclXml checks one it reads (without line numbers);
 * throws GradsyncError('bad-input') naming the first problem.
 */
export function checkMscclAlgo(algo: MscclAlgo): void {
  const checker = new AlgoChecker(algo);
  checker.header();
  if (!Array.isArray(algo.gpus)) throw new GradsyncError('bad-input', '<algo>: gpus must be a list');
  for (const gpu of algo.gpus) {
    checker.gpu(gpu);
    for (const tb of gpu.threadblocks) {
      checker.threadblock(gpu, tb);
      tb.steps.forEach((step, index) => checker.step(gpu, tb, step, index));
      checker.endThreadblock(gpu, tb);
    }
    checker.endGpu(gpu);
  }
  checker.end();
}
