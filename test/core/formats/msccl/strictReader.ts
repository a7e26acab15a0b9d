// A strict reader of the MSCCL XML that gradsync exports, written apart from the exporter and from
// the importer's lenient parser: it holds the text to the exact layout the exporter promises (one
// element per line, two spaces a level, every attribute, decimal integers) and gives the program
// as plain records for the rule checker and the executor simulator to work on.

interface XmlStep {
  s: number;
  type: string;
  srcbuf: string;
  srcoff: number;
  dstbuf: string;
  dstoff: number;
  cnt: number;
  depid: number;
  deps: number;
  hasdep: number;
}

export interface XmlTb {
  id: number;
  send: number;
  recv: number;
  chan: number;
  steps: XmlStep[];
}

export interface XmlGpu {
  id: number;
  i_chunks: number;
  o_chunks: number;
  s_chunks: number;
  tbs: XmlTb[];
}

export interface XmlAlgo {
  name: string;
  proto: string;
  nchannels: number;
  nchunksperloop: number;
  ngpus: number;
  coll: string;
  inplace: number;
  outofplace: number;
  minBytes: number;
  maxBytes: number;
  gpus: XmlGpu[];
  comments: string[];
}

const ATTRS = {
  algo: ['name', 'proto', 'nchannels', 'nchunksperloop', 'ngpus', 'coll', 'inplace', 'outofplace', 'minBytes', 'maxBytes'],
  gpu: ['id', 'i_chunks', 'o_chunks', 's_chunks'],
  tb: ['id', 'send', 'recv', 'chan'],
  step: ['s', 'type', 'srcbuf', 'srcoff', 'dstbuf', 'dstoff', 'cnt', 'depid', 'deps', 'hasdep'],
} as const;
const STRINGS = new Set(['name', 'proto', 'coll', 'type', 'srcbuf', 'dstbuf']);
const DEPTH = { algo: 0, gpu: 1, tb: 2, step: 3 } as const;
type Element = keyof typeof ATTRS;

/** Reads an MSCCL XML text strictly: one element per line, every attribute, decimal integers; throws on the first fault. */
export function readMsccl(text: string): XmlAlgo {
  if (/\t/.test(text)) throw new Error('the text has a tab');
  if (text.includes('<?')) throw new Error('the text has a prolog or processing instruction');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let algo: XmlAlgo | null = null;
  let gpu: XmlGpu | null = null;
  let tb: XmlTb | null = null;
  const open: Element[] = [];
  const comments: string[] = [];
  let closed = false;
  lines.forEach((line, n) => {
    const where = `line ${n + 1}`;
    if (closed) throw new Error(`${where}: text after </algo>`);
    const comment = /^<!--(.*)-->$/.exec(line);
    if (comment) {
      if (algo) throw new Error(`${where}: a comment after <algo>`);
      if (comment[1].includes('--')) throw new Error(`${where}: "--" inside a comment`);
      comments.push(comment[1].trim());
      return;
    }
    const close = /^( *)<\/(algo|gpu|tb)>$/.exec(line);
    if (close) {
      const name = close[2] as Element;
      if (open[open.length - 1] !== name) throw new Error(`${where}: </${name}> closes nothing open`);
      if (close[1].length !== 2 * DEPTH[name]) throw new Error(`${where}: indented ${close[1].length} spaces`);
      open.pop();
      if (name === 'tb') tb = null;
      if (name === 'gpu') gpu = null;
      if (name === 'algo') closed = true;
      return;
    }
    const element = /^( *)<(algo|gpu|tb|step)((?: [A-Za-z_]+="[^"]*")*)(\/?)>$/.exec(line);
    if (!element) throw new Error(`${where}: not one element on one line: ${line}`);
    const name = element[2] as Element;
    if (element[1].length !== 2 * DEPTH[name]) throw new Error(`${where}: <${name}> indented ${element[1].length} spaces`);
    if ((name === 'step') !== (element[4] === '/')) throw new Error(`${where}: <${name}> ${name === 'step' ? 'must' : 'must not'} close itself`);
    const values = new Map<string, string>();
    for (const match of element[3].matchAll(/ ([A-Za-z_]+)="([^"]*)"/g)) {
      if (values.has(match[1])) throw new Error(`${where}: attribute ${match[1]} twice`);
      if (match[2].length > 255) throw new Error(`${where}: attribute ${match[1]} longer than 255`);
      values.set(match[1], match[2]);
    }
    const names: readonly string[] = ATTRS[name];
    for (const key of values.keys()) if (!names.includes(key)) throw new Error(`${where}: unknown attribute ${key} on <${name}>`);
    const attrs: Record<string, string | number> = {};
    for (const key of names) {
      const value = values.get(key);
      if (value === undefined) throw new Error(`${where}: <${name}> lacks ${key}`);
      if (STRINGS.has(key)) attrs[key] = value;
      else if (/^(0|-?[1-9][0-9]*)$/.test(value)) attrs[key] = Number(value);
      else throw new Error(`${where}: ${key}="${value}" is not a decimal integer`);
    }
    const parent: Element | undefined = open[open.length - 1];
    const expected: Element | undefined = name === 'algo' ? undefined : name === 'gpu' ? 'algo' : name === 'tb' ? 'gpu' : 'tb';
    if (parent !== expected) throw new Error(`${where}: <${name}> inside ${parent ? `<${parent}>` : 'nothing'}`);
    if (name === 'algo') {
      if (algo) throw new Error(`${where}: a second <algo>`);
      algo = { ...(attrs as unknown as Omit<XmlAlgo, 'gpus' | 'comments'>), gpus: [], comments };
      open.push('algo');
    } else if (name === 'gpu') {
      gpu = { ...(attrs as unknown as Omit<XmlGpu, 'tbs'>), tbs: [] };
      algo!.gpus.push(gpu);
      open.push('gpu');
    } else if (name === 'tb') {
      tb = { ...(attrs as unknown as Omit<XmlTb, 'steps'>), steps: [] };
      gpu!.tbs.push(tb);
      open.push('tb');
    } else {
      tb!.steps.push(attrs as unknown as XmlStep);
    }
  });
  if (!algo || !closed) throw new Error('no complete <algo>');
  return algo;
}
