// A reader of XML text for RCCL's subset of XML: it reports each element with its attributes and
// the lines they stand on, in document order, and knows nothing of MSCCL. It accepts what RCCL's
// parser accepts (comments between elements, values quoted with " or ') and is lenient where that
// is harmless (an <?xml …?> prolog, a DOCTYPE, any whitespace between attributes, entities in
// values). Text between elements is an error, as it is to RCCL. Every problem is one line that
// names its line.

import { GradsyncError } from '../../errors';

export interface XmlAttribute {
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

export function syntaxError(line: number, message: string): never {
  throw new GradsyncError('bad-input', `line ${line}: ${message}`);
}

/** A value as messages show it: a string quoted (cut after 40 characters), anything else as it is. */
export function quoted(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value) : String(value);
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
export function readXml(text: string, handler: XmlHandler): void {
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
