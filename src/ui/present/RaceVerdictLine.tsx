// The line under the track: the hint before the race, then the verdict. The verdict's words are laid
// under the line from the start, unseen (drawn by CSS from an attribute, so they are not the page's
// text twice), and the line is as tall as the verdict will be: when it appears at the finish,
// nothing below it moves in front of the class.

export interface RaceVerdictLineProps {
  /** What the line says now (the hint, what is being prepared, an error, or the verdict). */
  shown: string;
  /** The verdict this race will end with, or null before both sides are modelled. */
  verdict: string | null;
}

export function RaceVerdictLine({ shown, verdict }: RaceVerdictLineProps) {
  return (
    <div className="gs-race-verdict-line">
      <p className="gs-race-verdict" aria-live="polite">
        {shown}
      </p>
      <p className="gs-race-verdict-room" aria-hidden="true" data-room={verdict ?? ''} />
    </div>
  );
}
