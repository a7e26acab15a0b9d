// A sentence of the narration as a narrow column shows it: a GPU's name never broken at its hyphen
// ("GPU-" at a line's end, "1" on the next), a short value kept whole, and a long value broken after a "+" rather than running
// out of the column. What is read aloud and copied stays the sentence itself: the names are spans
// and the break points <wbr>, neither of them a character.

import { Fragment } from 'react';
import { splitAtDeviceLabels } from '../../core/notation';

/** A value up to this long (characters) is kept on one line: "(f₄+b₄)" never splits as "(f₄+" and "b₄)". */
const WHOLE_VALUE = 14;

/** The words between two names, with a place to break after every "+" of a long value. */
function Words({ text }: { text: string }) {
  const pieces = text.split(/(\([^()]*\))/);
  return pieces.map((piece, p) => {
    if (p % 2 === 1 && piece.length <= WHOLE_VALUE)
      return (
        <span key={p} className="gs-value-whole">
          {piece}
        </span>
      );
    const parts = piece.split(/(?<=\+)/);
    return parts.map((part, i) => (
      <Fragment key={`${p}.${i}`}>
        {part}
        {i < parts.length - 1 && <wbr />}
      </Fragment>
    ));
  });
}

export function SentenceText({ text }: { text: string }) {
  return splitAtDeviceLabels(text).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} className="gs-device-name">
        {part}
      </span>
    ) : (
      <Words key={i} text={part} />
    ),
  );
}
