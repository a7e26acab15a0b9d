// Reads an MSCCL algorithm's XML (docs/msccl-xml.md) into an MscclAlgo and checks it. The reader is
// hand-written for this format: it accepts everything RCCL's parser accepts (comments between
// elements, values quoted with " or ', integers read as C's strtol(s, NULL, 0) reads them: 0x… hex,
// a leading 0 octal, a sign, anything after the number ignored) and is lenient where that is
// harmless: an <?xml …?> prolog, any whitespace between attributes, unknown elements and attributes
// ignored (as RCCL does), and outofplace, minBytes and maxBytes optional (older msccl-tools omits
// them). Every problem is one line naming the line, the element, the attribute and what is allowed.

import { GradsyncError, invariant } from '../errors';
import { MAX_CHUNKS, MAX_DEVICES } from '../schedule';
import { bufferChunks } from '../slots';
import {
  MSCCL_BUFFERS,
  MSCCL_COLLECTIVES,
  MSCCL_LIMITS,
  MSCCL_PROTOCOLS,
  MSCCL_STEP_TYPES,
  receives,
  sends,
  type MscclAlgo,
  type MscclBuffer,
  type MscclGpu,
  type MscclStep,
  type MscclStepType,
  type MscclThreadblock,
} from './program';

// ------------------------------------------------------------------------------------------------
// Step semantics shared with the importer (docs/msccl-xml.md §3, §3.2, §4)

/** Whether a step type reads its src place locally (s, rrs, rrc, rrcs, cpy, re). */
function readsSource(type: MscclStepType): boolean {
  return type === 's' || type === 'rrs' || type === 'rrc' || type === 'rrcs' || type === 'cpy' || type === 're';
}

/** Whether a step type writes its dst place (r, rcs, rrc, rrcs, cpy, re; rrs stores nothing). */
export function writesDestination(type: MscclStepType): boolean {
  return type === 'r' || type === 'rcs' || type === 'rrc' || type === 'rrcs' || type === 'cpy' || type === 're';
}

/** A wait of a threadblock on another of its GPU: until tb `tb` has signalled step `step` or a later one. */
interface MscclWait {
  tb: number;
  step: number;
  /** The step (index in the threadblock, a nop or the step itself) whose depid/deps state the wait. */
  at: number;
}

/**
 * What RCCL's executor runs for one threadblock (docs/msccl-xml.md §3.2, §4): its non-nop steps, a
 * chain of `re` steps with the same dstbuf, dstoff and srcbuf (the later ones with depid -1) fused
 * into one, each with the waits of the nops before it and its own, and the flag it publishes when its
 * last step has hasdep=1. RCCL counts flags as the kernel does: one per transmission, plus one per
 * wait beyond the first and one per fused `re` beyond the first (when the cnt is not 0), so they
 * equal the XML step numbers whenever every nop carries a wait.
 */
interface MscclTransmission {
  /** Indices of its steps in the threadblock: one, or a fused chain of `re`. */
  steps: number[];
  waits: MscclWait[];
  flag: number;
}

/** RCCL's MSCCL_MAX_REDUCE_FUSION: a tb's running count of `re` steps that ends a fused chain. */
const MAX_REDUCE_FUSION = 16;

export function transmissionsOf(tb: MscclThreadblock): MscclTransmission[] {
  const out: MscclTransmission[] = [];
  let waits: MscclWait[] = [];
  // RCCL's parser state (msccl_parser.cc): the dst and src of the chain a `re` may continue.
  let chainDst: MscclBuffer | undefined;
  let chainDstOff = -1;
  let chainSrc: MscclBuffer | undefined;
  let reductions = 0;
  tb.steps.forEach((step, index) => {
    if (step.depid >= 0) waits.push({ tb: step.depid, step: step.deps, at: index });
    let continues = false;
    if (step.type === 're') {
      continues = chainDst === step.dstbuf && chainDstOff === step.dstoff && chainSrc === step.srcbuf && step.depid === -1 && out.length > 0;
      if (!continues) {
        chainDst = undefined;
        chainDstOff = -1;
      }
    }
    if (step.type === 'nop') return;
    if (continues) out[out.length - 1].steps.push(index);
    else {
      out.push({ steps: [index], waits, flag: 0 });
      waits = [];
    }
    if (step.type !== 're') {
      chainDst = undefined;
      chainDstOff = -1;
      chainSrc = undefined;
    } else {
      reductions++;
      if (step.hasdep === 1 || reductions === MAX_REDUCE_FUSION) {
        chainDst = undefined;
        chainDstOff = -1;
      } else {
        chainDst = step.dstbuf;
        chainDstOff = step.dstoff;
        chainSrc = step.srcbuf;
      }
    }
  });
  // The kernel's step counter (msccl_kernel_impl.h): the flag a transmission publishes.
  let counter = 0;
  for (const t of out) {
    if (t.waits.length > 0) counter += t.waits.length - 1;
    const last = tb.steps[t.steps[t.steps.length - 1]];
    if (last.type === 're' && last.cnt > 0) counter += t.steps.length - 1;
    t.flag = counter;
    counter++;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Checking an algorithm

/** Where an element, or one of its attributes, stands in the XML; undefined for an algo built in code. */
type Locate = (node: object, attribute?: string) => number | undefined;

const BUFFER_WORDS: Record<MscclBuffer, string> = { i: 'input', o: 'output', s: 'scratch' };

/** Collectives RCCL reads that gradsync does not model. */
const OTHER_COLLECTIVES = ['alltoall', 'alltoallv', 'send', 'recv', 'gather', 'scatter'];

const BUFFER_ATTRIBUTES = ['srcbuf', 'dstbuf'] as const;
const INTEGER_ATTRIBUTES = ['srcoff', 'dstoff', 'cnt', 'depid', 'deps', 'hasdep'] as const;

/** RCCL's MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL: sending (and receiving) tbs of a GPU on one channel. */
const TBS_PER_CHANNEL = 32;

function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
}

function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

function oneOf(values: readonly string[]): string {
  return values.length === 2 ? `${values[0]} or ${values[1]}` : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

function describeGpu(gpu: MscclGpu): string {
  return `<gpu id="${gpu.id}">`;
}

function describeTb(gpu: MscclGpu, tb: MscclThreadblock): string {
  return `<tb id="${tb.id}"> of GPU ${gpu.id}`;
}

function describeStep(gpu: MscclGpu, tb: MscclThreadblock, step: MscclStep): string {
  return `<step s="${step.s}"> of GPU ${gpu.id} threadblock ${tb.id}`;
}

/**
 * The checks, element by element, in the order the XML reader meets them: header(), then per GPU
 * gpu(), per threadblock threadblock(), step() for each step and endThreadblock(), then endGpu(), and
 * end() after the last GPU. checkMscclAlgo runs them over an algo built in code.
 */
class AlgoChecker {
  private readonly gpus = new Map<number, MscclGpu>();
  private tbs = new Map<number, MscclThreadblock>();
  /** Chunks of the input and the output (set by header()). */
  private sizes = { input: 0, output: 0 };

  constructor(
    private readonly algo: MscclAlgo,
    private readonly locate: Locate = () => undefined,
  ) {}

  /** Throws the error; `what` names the element (a function when naming it costs, as for every step). */
  private fail(node: object, attribute: string | undefined, what: string | (() => string), message: string): never {
    const line = this.locate(node, attribute);
    const element = typeof what === 'string' ? what : what();
    throw new GradsyncError('bad-input', `${line === undefined ? '' : `line ${line}: `}${element}: ${message}`);
  }

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
    this.intIn(a, what, 'nchannels', a.nchannels, 1, MSCCL_LIMITS.maxChannel);
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
    this.sizes = bufferChunks(a.coll === 'reducescatter' ? 'reduce-scatter' : a.coll, a.nchunksperloop, a.ngpus);
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
    this.intIn(tb, what, 'chan', tb.chan, 0, MSCCL_LIMITS.maxChannel);
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
    if (!nop) this.intIn(step, what, 'cnt', step.cnt, 0, MSCCL_LIMITS.countBelow - 1);
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
    const name = `the ${BUFFER_WORDS[buffer]}${buffer === 's' ? ` (s_chunks="${gpu.s_chunks}")` : ''}, of ${chunks} chunk${chunks === 1 ? '' : 's'}`;
    if (chunks < step.cnt) this.fail(step, buf, what, `${buf}="${buffer}" names ${name}: too few for cnt ${step.cnt}`);
    this.fail(step, off, what, `${off} must be 0..${chunks - step.cnt}${step.cnt > 1 ? ` for cnt ${step.cnt}` : ''} in ${name}, got ${offset}`);
  }

  endThreadblock(gpu: MscclGpu, tb: MscclThreadblock): void {
    for (const t of transmissionsOf(tb)) {
      const head = tb.steps[t.steps[0]];
      if (t.waits.length > 0 && head.depid < 0) {
        this.fail(
          head,
          'depid',
          describeStep(gpu, tb, head),
          'depid must be set: the nop steps before it wait for other threadblocks, and RCCL attaches their waits only to a step with a wait of its own, got -1',
        );
      }
      for (const index of t.steps.slice(1)) {
        const step = tb.steps[index];
        const last = tb.steps[t.steps[t.steps.length - 1]];
        if (step.cnt !== head.cnt) {
          this.fail(
            step,
            'cnt',
            describeStep(gpu, tb, step),
            `cnt must be ${head.cnt} like step ${head.s}: RCCL fuses re steps with the same dstbuf, dstoff and srcbuf into one (steps ${head.s}..${last.s}) and gives all of them one cnt, got ${step.cnt}`,
          );
        }
      }
    }
  }

  endGpu(gpu: MscclGpu): void {
    const what = describeGpu(gpu);
    const count = gpu.threadblocks.length;
    for (let id = 0; id < count; id++) {
      if (!this.tbs.has(id)) {
        const highest = Math.max(...this.tbs.keys());
        this.fail(gpu, undefined, what, `there is no <tb id="${id}">; threadblock ids must run 0, 1, 2, … without a gap (the highest is ${highest})`);
      }
    }
    for (const tb of gpu.threadblocks) {
      tb.steps.forEach((step) => {
        if (step.depid < 0) return;
        const stepWhat = describeStep(gpu, tb, step);
        const target = this.tbs.get(step.depid);
        if (!target || step.depid === tb.id) {
          const allowed =
            count === 1
              ? `-1: GPU ${gpu.id} has no other threadblock`
              : `-1 or another threadblock of GPU ${gpu.id} (${count === 2 ? 1 - tb.id : `0..${count - 1} but ${tb.id}`})`;
          this.fail(step, 'depid', stepWhat, `depid must be ${allowed}, got ${step.depid}`);
        }
        if (step.deps >= target.steps.length) {
          const allowed = target.steps.length === 0 ? `threadblock ${target.id} has no steps` : `0..${target.steps.length - 1}`;
          this.fail(step, 'deps', stepWhat, `deps must be a step of threadblock ${target.id} (${allowed}), got ${step.deps}`);
        }
      });
    }
    // One connection per (peer, channel) and direction: two threadblocks on one would interleave its
    // messages in no defined order. RCCL also allows at most 32 of each per channel.
    for (const [direction, peerOf, uses] of [
      ['send', (tb: MscclThreadblock) => tb.send, sends],
      ['recv', (tb: MscclThreadblock) => tb.recv, receives],
    ] as const) {
      const byConnection = new Map<string, MscclThreadblock>();
      const perChannel = new Map<number, number>();
      for (const tb of gpu.threadblocks) {
        const peer = peerOf(tb);
        if (peer < 0) continue;
        const used = tb.steps.some((step) => uses(step.type));
        if (used) {
          const key = `${peer}:${tb.chan}`;
          const other = byConnection.get(key);
          const verb = direction === 'send' ? `sends to GPU ${peer}` : `receives from GPU ${peer}`;
          if (other) {
            this.fail(
              tb,
              direction,
              describeTb(gpu, tb),
              `threadblock ${other.id} also ${verb} on channel ${tb.chan}; a GPU may have one threadblock per peer, channel and direction`,
            );
          }
          byConnection.set(key, tb);
          if ((perChannel.get(tb.chan) ?? 0) >= TBS_PER_CHANNEL) {
            this.fail(tb, direction, describeTb(gpu, tb), `a GPU may have at most ${TBS_PER_CHANNEL} threadblocks with ${direction} set on channel ${tb.chan}`);
          }
        }
        perChannel.set(tb.chan, (perChannel.get(tb.chan) ?? 0) + 1);
      }
    }
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

// ------------------------------------------------------------------------------------------------
// The XML reader

interface XmlAttribute {
  name: string;
  value: string;
  line: number;
}

/** What the reader reports, in document order. */
interface XmlHandler {
  /** An element starts (an empty one, `<x/>`, is then closed at once). */
  open(name: string, attributes: XmlAttribute[], line: number): void;
  close(): void;
}

function syntaxError(line: number, message: string): never {
  throw new GradsyncError('bad-input', `line ${line}: ${message}`);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name];
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** name="value" with no newline, =, & or < in the value, followed by whitespace, "/" or ">". */
const SIMPLE_ATTRIBUTE = /([^\s=/>"'<]+)="([^"\n=&<]*)"(?=[\s/>])/y;

function isSpace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 13;
}

/** Characters that end a name: whitespace, / > = < and quotes. */
function endsName(code: number): boolean {
  return isSpace(code) || code === 47 || code === 62 || code === 61 || code === 60 || code === 34 || code === 39;
}

/**
 * Reads an XML text element by element, skipping comments, prologs and DOCTYPEs, and checks that
 * elements nest; any other text between elements is an error (as it is to RCCL).
 */
function readXml(text: string, handler: XmlHandler): void {
  const open: { name: string; line: number }[] = [];
  const n = text.length;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  /** Moves i to j, counting the lines passed. */
  const advance = (j: number): void => {
    for (; i < j; i++) if (text.charCodeAt(i) === 10) line++;
  };
  const skipSpace = (): void => {
    for (let code = text.charCodeAt(i); i < n && isSpace(code); code = text.charCodeAt(++i)) if (code === 10) line++;
  };
  const readName = (): string => {
    const start = i;
    while (i < n && !endsName(text.charCodeAt(i))) i++;
    return text.slice(start, i);
  };
  const skipPast = (end: string, what: string): void => {
    const at = text.indexOf(end, i);
    if (at < 0) syntaxError(line, `${what} is never closed by "${end}"`);
    advance(at + end.length);
  };
  const shown = (at: number): string => (at >= n ? 'the end of the text' : quoted(text.slice(at, at + 12).split('\n')[0]));

  for (;;) {
    skipSpace();
    if (i >= n) break;
    if (text.charCodeAt(i) !== 60) {
      const end = text.indexOf('<', i);
      const words = text.slice(i, end < 0 ? n : end).trim();
      syntaxError(line, `unexpected text ${quoted(words)}: only elements and comments may stand between elements`);
    }
    const second = text.charCodeAt(i + 1);
    if (second === 33 /* ! */) {
      if (text.startsWith('<!--', i)) skipPast('-->', 'a comment "<!--"');
      else skipPast('>', shown(i));
      continue;
    }
    if (second === 63 /* ? */) {
      skipPast('?>', shown(i));
      continue;
    }
    const start = line;
    if (second === 47 /* / */) {
      i += 2;
      const name = readName();
      skipSpace();
      if (text.charCodeAt(i) !== 62) syntaxError(line, `expected ">" to end </${name}, got ${shown(i)}`);
      i++;
      const element = open.pop();
      if (!element) syntaxError(start, `</${name}> closes no open element`);
      if (element.name !== name)
        syntaxError(start, `</${name}> does not close <${element.name}> (opened on line ${element.line}); close <${element.name}> first`);
      handler.close();
      continue;
    }
    i++;
    const name = readName();
    if (name === '') syntaxError(line, `"<" must start an element, a comment or a closing tag, got ${shown(i - 1)}`);
    const attributes: XmlAttribute[] = [];
    let empty = false;
    for (;;) {
      skipSpace();
      const code = text.charCodeAt(i);
      if (code === 62) {
        i++;
        break;
      }
      if (code === 47 && text.charCodeAt(i + 1) === 62) {
        i += 2;
        empty = true;
        break;
      }
      if (i >= n) syntaxError(start, `<${name} is never ended by ">"`);
      // The common case first: name="value" on one line, no entity, no quote left out.
      SIMPLE_ATTRIBUTE.lastIndex = i;
      const simple = SIMPLE_ATTRIBUTE.exec(text);
      if (simple) {
        attributes.push({ name: simple[1], value: simple[2], line });
        i = SIMPLE_ATTRIBUTE.lastIndex;
        continue;
      }
      const attrLine = line;
      const attr = readName();
      if (attr === '') syntaxError(line, `in <${name}>, expected an attribute, "/>" or ">", got ${shown(i)}`);
      skipSpace();
      if (text.charCodeAt(i) !== 61) syntaxError(line, `in <${name}>, the attribute ${attr} must be followed by "=", got ${shown(i)}`);
      i++;
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") syntaxError(line, `in <${name}>, the value of ${attr} must be quoted with " or ', got ${shown(i)}`);
      const end = text.indexOf(quote, i + 1);
      if (end < 0) syntaxError(attrLine, `in <${name}>, the value of ${attr} is never closed by ${quote}`);
      const raw = text.slice(i + 1, end);
      // A quote left out: the value ends at the next attribute's opening quote.
      if (raw.includes('=') && /\s[^\s=<>"']+\s*=\s*$/.test(raw)) {
        syntaxError(attrLine, `in <${name}>, the value of ${attr} is not closed: it runs into the next attribute, ${quoted(raw)}`);
      }
      attributes.push({ name: attr, value: decodeEntities(raw), line: attrLine });
      advance(end + 1);
    }
    open.push({ name, line: start });
    handler.open(name, attributes, start);
    if (empty) {
      open.pop();
      handler.close();
    }
  }
  if (open.length > 0) {
    const element = open[open.length - 1];
    syntaxError(element.line, `<${element.name}> is never closed (no </${element.name}> follows)`);
  }
}

/**
 * An integer as C's strtol(text, NULL, 0) reads it (what RCCL uses): leading whitespace, a sign,
 * then 0x… hexadecimal, 0… octal or decimal digits, stopping at the first other character. Unlike
 * strtol, a text without a digit is not 0 but undefined.
 */
function parseInteger(text: string): number | undefined {
  let i = 0;
  let code = text.charCodeAt(0);
  while (code === 32 || (code >= 9 && code <= 13)) code = text.charCodeAt(++i);
  let sign = 1;
  if (code === 43 || code === 45) {
    if (code === 45) sign = -1;
    code = text.charCodeAt(++i);
  }
  let base = 10;
  if (code === 48) {
    const x = text.charCodeAt(i + 1);
    if ((x === 120 || x === 88) && hexDigit(text.charCodeAt(i + 2)) >= 0) {
      base = 16;
      i += 2;
    } else base = 8;
  }
  let value = 0;
  let digits = 0;
  for (; i < text.length; i++) {
    const digit = hexDigit(text.charCodeAt(i));
    if (digit < 0 || digit >= base) break;
    value = value * base + digit;
    digits++;
  }
  return digits === 0 ? undefined : sign * value;
}

function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** Where an element stands, and those of its attributes that stand on a later line. */
interface Place {
  line: number;
  attributes?: Map<string, number>;
}

/** Reads one element's attributes; what() names the element in messages. */
class Attributes {
  constructor(
    private readonly attributes: XmlAttribute[],
    private readonly line: number,
    private readonly what: () => string,
  ) {}

  private find(name: string): XmlAttribute | undefined {
    // RCCL takes an attribute's first occurrence.
    for (const attribute of this.attributes) if (attribute.name === name) return attribute;
    return undefined;
  }

  string(name: string, fallback?: string): string {
    const attribute = this.find(name);
    if (attribute) return attribute.value;
    if (fallback !== undefined) return fallback;
    return syntaxError(this.line, `${this.what()} lacks the attribute "${name}"`);
  }

  int(name: string, fallback?: number): number {
    const attribute = this.find(name);
    if (!attribute) {
      if (fallback !== undefined) return fallback;
      return syntaxError(this.line, `${this.what()} lacks the attribute "${name}"`);
    }
    const value = parseInteger(attribute.value);
    if (value === undefined) syntaxError(attribute.line, `${this.what()}: ${name} must be an integer, got ${quoted(attribute.value)}`);
    return value;
  }

  place(): Place {
    let later: Map<string, number> | undefined;
    for (const attribute of this.attributes) {
      if (attribute.line !== this.line && !later?.has(attribute.name)) (later ??= new Map()).set(attribute.name, attribute.line);
    }
    return later ? { line: this.line, attributes: later } : { line: this.line };
  }
}

function byId<T extends { id: number }>(items: T[]): T[] {
  return [...items].sort((a, b) => a.id - b.id);
}

/**
 * Reads and checks an MSCCL algorithm's XML. The result lists GPUs by id and each GPU's threadblocks
 * by id. Throws GradsyncError('bad-input') with one line naming the first problem and its line.
 */
export function parseMscclXml(text: string): MscclAlgo {
  // Places of the algo, the GPUs, the threadblocks and the steps of the GPU being read.
  const places = new Map<object, Place>();
  const locate: Locate = (node, attribute) => {
    const place = places.get(node);
    return place && ((attribute !== undefined && place.attributes?.get(attribute)) || place.line);
  };
  let algo: MscclAlgo | undefined;
  let checker: AlgoChecker | undefined;
  let gpu: MscclGpu | undefined;
  let tb: MscclThreadblock | undefined;
  let done = false;
  /** What each open element is: an element gradsync reads, or one it skips with all inside it. */
  const kinds: ('algo' | 'gpu' | 'tb' | 'step' | 'other')[] = [];

  const readAlgo = (attributes: XmlAttribute[], line: number): void => {
    const at = new Attributes(attributes, line, () => '<algo>');
    const inplace = at.int('inplace') !== 0 ? 1 : 0;
    algo = {
      name: at.string('name', ''),
      proto: at.string('proto') as MscclAlgo['proto'],
      nchannels: at.int('nchannels'),
      nchunksperloop: at.int('nchunksperloop'),
      ngpus: at.int('ngpus'),
      coll: at.string('coll') as MscclAlgo['coll'],
      inplace,
      outofplace: at.int('outofplace', 1 - inplace) !== 0 ? 1 : 0,
      minBytes: at.int('minBytes', 0),
      maxBytes: at.int('maxBytes', 0),
      gpus: [],
    };
    places.set(algo, at.place());
    checker = new AlgoChecker(algo, locate);
    checker.header();
  };

  const readGpu = (attributes: XmlAttribute[], line: number): void => {
    let what = '<gpu>';
    const at = new Attributes(attributes, line, () => what);
    const id = at.int('id');
    what = `<gpu id="${id}">`;
    gpu = { id, i_chunks: at.int('i_chunks'), o_chunks: at.int('o_chunks'), s_chunks: at.int('s_chunks'), threadblocks: [] };
    places.set(gpu, at.place());
    algo!.gpus.push(gpu);
    checker!.gpu(gpu);
  };

  const readTb = (attributes: XmlAttribute[], line: number): void => {
    const g = gpu!;
    let what = `<tb> of GPU ${g.id}`;
    const at = new Attributes(attributes, line, () => what);
    const id = at.int('id');
    what = `<tb id="${id}"> of GPU ${g.id}`;
    tb = { id, send: at.int('send'), recv: at.int('recv'), chan: at.int('chan'), steps: [] };
    places.set(tb, at.place());
    g.threadblocks.push(tb);
    checker!.threadblock(g, tb);
  };

  const readStep = (attributes: XmlAttribute[], line: number): void => {
    const g = gpu!;
    const b = tb!;
    let what = `<step> of GPU ${g.id} threadblock ${b.id}`;
    const at = new Attributes(attributes, line, () => what);
    const s = at.int('s');
    what = `<step s="${s}"> of GPU ${g.id} threadblock ${b.id}`;
    const type = at.string('type') as MscclStepType;
    const step: MscclStep = {
      s,
      type,
      srcbuf: at.string('srcbuf') as MscclBuffer,
      srcoff: at.int('srcoff'),
      dstbuf: at.string('dstbuf') as MscclBuffer,
      dstoff: at.int('dstoff'),
      cnt: at.int('cnt'),
      depid: at.int('depid'),
      deps: at.int('deps'),
      hasdep: 0,
    };
    // RCCL checks hasdep only on steps that run; a nop's is dropped.
    const hasdep = at.int('hasdep');
    step.hasdep = type === 'nop' ? 0 : (hasdep as 0 | 1);
    places.set(step, at.place());
    checker!.step(g, b, step, b.steps.length);
    b.steps.push(step);
  };

  readXml(text, {
    open(name, attributes, line) {
      const parent = kinds.length === 0 ? 'root' : kinds[kinds.length - 1];
      let kind: (typeof kinds)[number] = 'other';
      if (parent === 'root') {
        if (name === 'algo' && algo) syntaxError(line, 'a second <algo>: a file holds one algorithm');
        if (!algo) {
          if (name !== 'algo') syntaxError(line, `the first element must be <algo>, got <${name}>`);
          readAlgo(attributes, line);
          kind = 'algo';
        }
      } else if (parent === 'algo' && name === 'gpu') {
        readGpu(attributes, line);
        kind = 'gpu';
      } else if (parent === 'gpu' && name === 'tb') {
        readTb(attributes, line);
        kind = 'tb';
      } else if (parent === 'tb' && name === 'step') {
        readStep(attributes, line);
        kind = 'step';
      }
      kinds.push(kind);
    },
    close() {
      const kind = kinds.pop();
      if (kind === 'tb') checker!.endThreadblock(gpu!, tb!);
      else if (kind === 'gpu') {
        checker!.endGpu(gpu!);
        for (const b of gpu!.threadblocks) for (const step of b.steps) places.delete(step);
      } else if (kind === 'algo') {
        checker!.end();
        done = true;
      }
    },
  });
  if (!algo) throw new GradsyncError('bad-input', 'the text holds no <algo> element: an MSCCL algorithm is one <algo> element');
  invariant(done, 'a read <algo> is closed');
  algo.gpus = byId(algo.gpus);
  for (const g of algo.gpus) g.threadblocks = byId(g.threadblocks);
  return algo;
}
