// The size of an element, kept current with a ResizeObserver (absent in jsdom: the fallback stays).

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Size } from './layout/geometry';

export function useElementSize<T extends HTMLElement>(fallback: Size): [RefObject<T | null>, Size] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const update = (width: number, height: number) => {
      if (width < 1 || height < 1) return;
      setSize((old) => (Math.round(width) === old.width && Math.round(height) === old.height ? old : { width: Math.round(width), height: Math.round(height) }));
    };
    const box = element.getBoundingClientRect();
    update(box.width, box.height);
    const observer = new ResizeObserver((entries) => {
      const rect = entries[entries.length - 1]?.contentRect;
      if (rect) update(rect.width, rect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
