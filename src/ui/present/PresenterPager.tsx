// Which of the step's transfers (or messages) the presenter's page shows, out of how many, and the buttons (and
// keys) that turn the page.

export interface PresenterPagerProps {
  /** Index of the first transfer shown. */
  from: number;
  shown: number;
  transfers: number;
  /** What a sentence tells (StepStory.unit): a transfer, or a message of several chunks. */
  unit?: 'transfer' | 'message';
  page: number;
  pages: number;
  onPage(page: number): void;
}

const count = (n: number) => n.toLocaleString('en-US');

export function PresenterPager({ from, shown, transfers, unit = 'transfer', page, pages, onPage }: PresenterPagerProps) {
  const last = page === pages - 1;
  const untold = last ? transfers - from - shown : 0;
  return (
    <div className="gs-presenter-pager" role="group" aria-label="Transfers of this step">
      {pages > 1 && (
        <>
          <button
            type="button"
            onClick={() => onPage(page - 1)}
            disabled={page === 0}
            aria-label="Previous transfers (P)"
            title="Previous transfers (P, Page Up)"
          >
            ‹
          </button>
          <span className="gs-presenter-page" data-testid="narration-page">
            {page + 1}/{pages}
          </span>
          <button type="button" onClick={() => onPage(page + 1)} disabled={last} aria-label="Next transfers (N)" title="Next transfers (N, Page Down)">
            ›
          </button>
        </>
      )}
      <span className="gs-presenter-range">
        {shown === 1 ? `${unit} ${count(from + 1)}` : `${unit}s ${count(from + 1)}–${count(from + shown)}`} of {count(transfers)} at the same time
        {untold > 0 && `; ${count(untold)} more not listed`}
        {pages > 1 && !last && (
          <span className="gs-presenter-pager-key">
            {' · '}
            <kbd>N</kbd> next
          </span>
        )}
      </span>
    </div>
  );
}
