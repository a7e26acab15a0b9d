// The rendered width of an element, so charts draw at pixel size (text stays its CSS size). Falls back
// to `fallback` where nothing is laid out (jsdom) and follows resizes where ResizeObserver exists.

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export function useElementWidth<T extends Element>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      setWidth(measured > 0 ? measured : fallback);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width];
}
