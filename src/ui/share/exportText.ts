// Text in exported SVG files: escaped for XML, in the fonts the file carries (exportFonts.ts; a file
// opened elsewhere has none of the page's) before generic ones, and wrapped by an estimate of its
// width, since a file cannot measure its own text.

/** Families of the fonts embedded in exported files. */
export const EMBEDDED_SANS = 'gradsync-sans';
export const EMBEDDED_MONO = 'gradsync-mono';
export const SANS = `${EMBEDDED_SANS}, system-ui, sans-serif`;
const MONO = `${EMBEDDED_MONO}, ui-monospace, monospace`;

/** Average advance of a character of SANS, in ems: generous, so estimated lines rarely overflow. */
const SANS_EM = 0.58;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A computed font-family reduced to the embedded family of its kind. */
export function genericFont(family: string): string {
  return /mono|consolas|menlo|courier/i.test(family) ? MONO : SANS;
}

export function textWidth(text: string, fontSize: number): number {
  return [...text].length * fontSize * SANS_EM;
}

interface Token {
  text: string;
  /** What joins it to the token before when both share a line. */
  joint: string;
}

/** Lines of at most `maxWidth` px, broken after " · " where possible, else between words. */
export function wrapText(text: string, maxWidth: number, fontSize: number): string[] {
  const fits = (line: string) => textWidth(line, fontSize) <= maxWidth;
  const tokens: Token[] = text
    .split(' · ')
    .flatMap((part) => (fits(part) ? [{ text: part, joint: ' · ' }] : part.split(' ').map((word, i) => ({ text: word, joint: i === 0 ? ' · ' : ' ' }))));
  const lines: string[] = [];
  for (const { text: token, joint } of tokens) {
    const last = lines.length - 1;
    if (last >= 0 && fits(lines[last] + joint + token)) lines[last] += joint + token;
    else lines.push(token);
  }
  return lines;
}
