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
