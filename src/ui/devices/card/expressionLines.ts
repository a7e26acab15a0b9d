// A chunk's seed expression broken into lines for a narrow cell: breaks fall after an operator
// ("+", "×", ", "), so every line but the last ends with one and a term is never split.

/** Characters as a monospace font advances them (subscript digits are one character each). */
export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The expression's pieces that may not be split: each term with the operator after it. */
function pieces(text: string): string[] {
  return text.split(/(?<=\+|×|, )/);
}

function fill(parts: readonly string[], lineChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line !== '' && charCount(line) + charCount(part) > lineChars) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += part;
  }
  if (line !== '') lines.push(line.trimEnd());
  return lines;
}

/**
 * `text` in at most `maxLines` lines of about `lineChars` characters. Sums fill lines exactly as
 * cardShape counted them; longer notations (max(…, …)) get wider lines rather than more of them.
 */
export function expressionLines(text: string, lineChars: number, maxLines: number): string[] {
  if (maxLines <= 1 || charCount(text) <= lineChars) return [text];
  const parts = pieces(text);
  let budget = lineChars;
  let lines = fill(parts, budget);
  while (lines.length > maxLines) lines = fill(parts, ++budget);
  return lines;
}
