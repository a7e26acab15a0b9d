// A theme colour as a concrete rgb() string for canvas drawing: custom properties hold light-dark()
// expressions, which only an element's computed `color` resolves.

export function cssColor(element: Element, variable: string, fallback = '#888'): string {
  if (typeof getComputedStyle !== 'function') return fallback;
  const probe = element.ownerDocument.createElement('span');
  probe.style.color = `var(${variable})`;
  probe.style.display = 'none';
  element.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || fallback;
}
