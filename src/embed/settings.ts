// What an embedded figure is configured with: the app's URL keys (validated exactly as the URL is,
// so a bad value becomes a notice and the default; `schedule` carries a schedule itself) plus
// autoplay, controls and theme. Values are
// data: they are only ever compared, parsed as numbers or shown as text.

import { EMBED_CONTROLS, EMBED_THEMES } from '../ui/app/EmbedFrame';
import { parseUrlState, URL_KEYS, type UrlState } from '../store/url';

export const OWN_KEYS = ['autoplay', 'controls', 'theme'] as const;

type ControlsMode = (typeof EMBED_CONTROLS)[number];
type ThemeMode = (typeof EMBED_THEMES)[number];

export interface EmbedSettings extends UrlState {
  autoplay: boolean;
  controls: ControlsMode;
  theme: ThemeMode;
}

/** `raw` when it is one of `choices`, else `fallback` and a notice saying so. */
export function choice<T extends string>(raw: string | null, key: string, choices: readonly T[], fallback: T, notices: string[]): T {
  if (raw === null) return fallback;
  if ((choices as readonly string[]).includes(raw)) return raw as T;
  notices.push(`${key} must be one of ${choices.join(', ')}; got “${raw.slice(0, 24)}”, using ${fallback}`);
  return fallback;
}

/** Attributes any element may carry: never a figure's mistake. */
const GLOBAL_ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'hidden',
  'title',
  'lang',
  'dir',
  'slot',
  'tabindex',
  'role',
  'part',
  'inert',
  'translate',
  'accesskey',
]);

/** Edits (insert, delete, replace) from `a` to `b`. */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length];
}

/**
 * A notice for each attribute of `names` a figure does not read (`known`, as HTML lowers them), with
 * the one meant where it is close: algo for algorithm, device for devices. data-* and aria-* are the page's.
 */
export function unknownAttributes(names: readonly string[], known: readonly string[]): string[] {
  const keys = known.map((key) => ({ key, lower: key.toLowerCase() }));
  return names
    .map((name) => name.toLowerCase())
    .filter((name) => !GLOBAL_ATTRIBUTES.has(name) && !name.startsWith('data-') && !name.startsWith('aria-') && !keys.some((k) => k.lower === name))
    .map((name) => {
      const near = keys
        .map((k) => ({ ...k, far: k.lower.startsWith(name) && name.length >= 3 ? 0 : editDistance(name, k.lower) }))
        .sort((a, b) => a.far - b.far)[0];
      const hint = near && near.far <= 2 ? `; did you mean “${near.key}”?` : '';
      return `unknown attribute “${name.slice(0, 24)}” is ignored${hint}`;
    });
}

/** Settings from named values: an element's attributes, or a page's query string. */
export function readSettings(get: (key: string) => string | null): EmbedSettings {
  const params = new URLSearchParams();
  // The URL keys an embed accepts as attributes (and embed.html as query keys).
  for (const key of URL_KEYS) {
    const value = get(key);
    if (value !== null) params.set(key, value);
  }
  const url = parseUrlState(params.toString());
  const notices = [...url.notices];
  const autoplay = get('autoplay');
  return {
    ...url,
    notices,
    autoplay: autoplay !== null && autoplay !== 'false',
    controls: choice(get('controls'), 'controls', EMBED_CONTROLS, 'standard', notices),
    theme: choice(get('theme'), 'theme', EMBED_THEMES, 'auto', notices),
  };
}
