// Where the clipboard is unavailable: the text in a read-only field, selected, ready for Ctrl+C.

import { useEffect, useId, useRef } from 'react';
import type { CopyFallback } from './useShareActions';

export function CopyFallbackField({ fallback }: { fallback: CopyFallback }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [fallback]);
  const lines = fallback.text.split('\n').length;
  return (
    <div className="gs-share-fallback">
      <label htmlFor={id}>{fallback.label}: press Ctrl+C (⌘C) to copy</label>
      <textarea
        ref={field}
        id={id}
        readOnly
        rows={Math.min(4, lines + (fallback.text.length > 60 ? 1 : 0))}
        value={fallback.text}
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
      />
    </div>
  );
}
