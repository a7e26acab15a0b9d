// The theme a figure with theme="auto" takes in a page: the page's own. It is read from the first
// background behind the figure that is not transparent, so a light post stays light for a reader
// whose system is dark (and a dark post dark); a page with no background of its own is as light or
// dark as its declared colour scheme, and only a page that offers both follows the reader's system.

export type PageTheme = 'light' | 'dark';

const DARK_SYSTEM = '(prefers-color-scheme: dark)';

/** Red, green, blue and alpha of a computed colour ("rgb(…)" or "rgba(…)"); null for any other form. */
function rgba(color: string): [number, number, number, number] | null {
  const match = /^rgba?\(([^)]*)\)$/.exec(color.trim());
  if (!match) return null;
  const parts = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (parts.length < 3 || parts.some((n) => Number.isNaN(n))) return null;
  return [parts[0], parts[1], parts[2], parts[3] ?? 1];
}

function systemDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_SYSTEM).matches;
}

/** The page's theme behind `element`. */
function pageTheme(element: Element): PageTheme {
  for (let at: Element | null = element.parentElement; at; at = at.parentElement) {
    const color = rgba(getComputedStyle(at).backgroundColor);
    if (!color || color[3] < 0.5) continue;
    const [r, g, b] = color;
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
  }
  const scheme = getComputedStyle(document.documentElement).colorScheme ?? '';
  const dark = /\bdark\b/.test(scheme);
  const light = /\blight\b/.test(scheme);
  return dark && (!light || systemDark()) ? 'dark' : 'light';
}

/**
 * The page's theme behind `element` now, and a watch that calls `onChange` with it whenever it may
 * have changed: the reader's system theme, or a page switching its own (a class, a style or a data
 * attribute on <html> or <body>). `stop` ends the watch.
 */
export function watchPageTheme(element: Element, onChange: (theme: PageTheme) => void): { now: PageTheme; stop(): void } {
  let last = pageTheme(element);
  const check = () => {
    const now = pageTheme(element);
    if (now !== last) onChange((last = now));
  };
  const media = typeof matchMedia === 'function' ? matchMedia(DARK_SYSTEM) : null;
  media?.addEventListener('change', check);
  const observer = typeof MutationObserver === 'function' ? new MutationObserver(check) : null;
  for (const root of [document.documentElement, document.body]) if (root) observer?.observe(root, { attributes: true });
  return {
    now: last,
    stop() {
      media?.removeEventListener('change', check);
      observer?.disconnect();
    },
  };
}
