// The rendered width of an element, so charts draw at pixel size (text stays its CSS size). Falls back
// to `fallback` where nothing is laid out (jsdom) and follows resizes where ResizeObserver exists. The
// ref is a callback, so an element that appears later (a chart waiting for its data) is measured too.

import { useLayoutEffect, useState } from 'react';

export function useElementWidth<T extends Element>(fallback: number): [(element: T | null) => void, number] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
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
  }, [element, fallback]);
  return [setElement, width];
}
