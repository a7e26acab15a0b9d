// The loader's text box, with one line marked: the line a reading problem names, or the line a fault's
// transfer is written on. The box scrolls that line to its middle, and a band drawn over it stays on
// the line as the box scrolls, focused or not (a selection shows only while the box has focus).

import { useLayoutEffect, useRef, useState, type TextareaHTMLAttributes } from 'react';
import { lineRange } from '../../core/formats';

interface SourceBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  value: string;
  onChange(value: string): void;
  /** 1-based line to mark, or null. */
  mark: number | null;
  /** Whether the marked line is also selected, the caret at its start (for a box opened at it). */
  selectMark?: boolean;
}

/** The box's padding and line height, as laid out. */
function metrics(box: HTMLTextAreaElement): { top: number; line: number } {
  const style = getComputedStyle(box);
  const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45;
  return { top: parseFloat(style.paddingTop) + parseFloat(style.borderTopWidth), line };
}

/** Where the band over line `mark` stands in the box as scrolled; null when that line is out of sight. */
function bandOf(box: HTMLTextAreaElement, mark: number): { top: number; height: number } | null {
  const { top, line } = metrics(box);
  const y = top + (mark - 1) * line - box.scrollTop;
  return y + line < 0 || y > box.clientHeight ? null : { top: y, height: line };
}

export function SourceBox({ value, onChange, mark, selectMark = false, ...rest }: SourceBoxProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [band, setBand] = useState<{ top: number; height: number } | null>(null);
  // A new mark is scrolled to the middle of the box.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || mark === null) return;
    // The selection first: setting it scrolls the box, which the scroll below then corrects.
    if (selectMark) element.setSelectionRange(...lineRange(element.value, mark), 'backward');
    element.scrollTop = Math.max(0, (mark - 1) * metrics(element).line - element.clientHeight / 2);
    element.scrollLeft = 0;
  }, [mark, selectMark]);
  // The band follows it, as scrolled, and as the text changes around it (the box may grow).
  useLayoutEffect(() => setBand(box.current && mark !== null ? bandOf(box.current, mark) : null), [mark, value]);
  const onScroll = () => setBand(box.current && mark !== null ? bandOf(box.current, mark) : null);
  return (
    <div className="gs-source-box">
      <textarea ref={box} value={value} onChange={(event) => onChange(event.target.value)} onScroll={onScroll} {...rest} />
      {band && <div className="gs-source-mark" style={{ top: band.top, height: band.height }} aria-hidden="true" />}
    </div>
  );
}
