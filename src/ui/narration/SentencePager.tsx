// Which of a step's sentences a narration of fixed height shows, out of how many, and the buttons that
// turn its pages (useSentencePages): "‹ 3–4 of 8 ›", small enough to sit beside the step's heading.

import type { SentencePages } from './useSentencePages';

export interface SentencePagerProps {
  pages: SentencePages;
  /** What the sentences tell, counted: "transfer" in a step, "sentence" in the opening. */
  noun: 'transfer' | 'message' | 'sentence';
  /** How many there are, also those past the last page that no page lists (a step of a million transfers). */
  of: number;
}

const count = (n: number) => n.toLocaleString('en-US');

export function SentencePager({ pages: { from, count: shown, page, pages, turn }, noun, of }: SentencePagerProps) {
  const last = page === pages - 1;
  const range = shown === 1 ? count(from + 1) : `${count(from + 1)}–${count(from + shown)}`;
  const listed = from + shown;
  const unlisted = last && of > listed ? `; the ${count(of - listed)} after ${count(listed)} are not listed` : '';
  const said = `${shown === 1 ? noun : `${noun}s`} ${range} of ${count(of)}${unlisted}`;
  return (
    <div className="gs-sentence-pager" role="group" aria-label={said} title={said}>
      <button type="button" className="gs-sentence-turn" onClick={() => turn(page - 1)} disabled={page === 0} aria-label={`Earlier ${noun}s`}>
        ‹
      </button>
      <span className="gs-sentence-range" aria-hidden="true">
        {range} of {count(of)}
      </span>
      <button type="button" className="gs-sentence-turn" onClick={() => turn(page + 1)} disabled={last} aria-label={`More ${noun}s`}>
        ›
      </button>
    </div>
  );
}
