// What is wrong with a file the user gave, in one line next to the control they used. Focus moves to
// the line, so it is read out and the keyboard is next to it.

import { useEffect, useRef } from 'react';

export function ProblemLine({ id, message }: { id: string; message: string }) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => line.current?.focus(), [message]);
  return (
    <p ref={line} id={id} className="gs-loader-error" role="alert" tabIndex={-1}>
      <span aria-hidden="true">✕ </span>
      {message}
    </p>
  );
}
