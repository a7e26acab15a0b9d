// A number that changes whenever the colours of the element's .gs-root may have changed (light/dark
// preference, or its data-theme attribute), so canvas drawings can repaint with the new colours.

import { useEffect, useState, type RefObject } from 'react';

export function useThemeVersion(ref: RefObject<Element | null>): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const bump = () => setVersion((v) => v + 1);
    const media = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    media?.addEventListener('change', bump);
    const root = ref.current?.closest('.gs-root');
    const observer = root && typeof MutationObserver === 'function' ? new MutationObserver(bump) : null;
    if (root) observer?.observe(root, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    return () => {
      media?.removeEventListener('change', bump);
      observer?.disconnect();
    };
  }, [ref]);
  return version;
}
