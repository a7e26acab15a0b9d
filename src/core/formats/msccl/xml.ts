// Reads an MSCCL algorithm's XML (docs/msccl-xml.md) into an MscclAlgo and checks it, element by
// element as xmlReader.ts meets them, so that a problem is named with its line. It reads what RCCL's
// parser reads: integers as C's strtol(s, NULL, 0) reads them (0x… hex, a leading 0 octal, a sign,
// anything after the number ignored), an attribute's first occurrence, unknown elements and
// attributes ignored; and is lenient where that is harmless: outofplace, minBytes and maxBytes
// optional (older msccl-tools omits them). This file is also where the rest of the reader's public
// face is exported from: the checks of an algorithm built in code, and the step semantics the
// importer shares with them.

import { GradsyncError, invariant } from '../../errors';
import { AlgoChecker, type Locate } from './checkProgram';
import { byId, type MscclAlgo, type MscclBuffer, type MscclGpu, type MscclStep, type MscclStepType, type MscclThreadblock } from './program';
import { quoted, readXml, syntaxError, type XmlAttribute } from './xmlReader';

export { checkMscclAlgo } from './checkProgram';
export { writesDestination } from './program';
export { transmissionsOf } from './transmissions';

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

/** The line each step read from XML stands on, kept as long as the step is. */
const STEP_LINES = new WeakMap<MscclStep, number>();

/** The line a step was read from, for a step parseMscclXml read. */
export function stepLine(step: MscclStep): number | undefined {
  return STEP_LINES.get(step);
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
    STEP_LINES.set(step, line);
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
