// What "Copy link" and "Copy embed code" put on the clipboard: the page address for the exact state
// and step, and the two lines that embed the current configuration in any page. Values are data:
// every attribute value is HTML-escaped, so no configuration can inject markup.

import type { SimConfig } from '../../store/config';
import { formatUrlState } from '../../store/url';

/** Where the embed module is published, relative to the app's own address. */
export const EMBED_SCRIPT_PATH = 'embed/gradsync-embed.js';

/** The page address (origin and path, no query or hash) with the state's query string. */
export function shareLink(origin: string, pathname: string, config: SimConfig, step: number): string {
  return `${origin}${pathname}${formatUrlState(config, step)}`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => HTML_ESCAPES[c]);
}

/**
 * The attributes of <gradsync-sim> for a configuration: the URL's keys, algorithm and devices always,
 * every other key only where it differs from the default. The step is left out: an embedded figure
 * starts at the beginning.
 */
export function embedAttributes(config: SimConfig): [string, string][] {
  return [...new URLSearchParams(formatUrlState(config, 0)).entries()];
}

/** The two lines a page needs: the module, then the element. */
export function embedSnippet(config: SimConfig, scriptUrl: string): string {
  const attributes = embedAttributes(config)
    .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
    .join('');
  return `<script type="module" src="${escapeHtml(scriptUrl)}"></script>\n<gradsync-sim${attributes}></gradsync-sim>`;
}

/** The embed module's address beside the app: https://host/app/ → https://host/app/embed/gradsync-embed.js. */
export function embedScriptUrl(origin: string, pathname: string): string {
  return new URL(EMBED_SCRIPT_PATH, `${origin}${pathname}`).href;
}

/** A file name for an export: gradsync-ring-4gpu-step2.svg. */
export function exportName(algorithm: string, devices: number, what: string, extension: string): string {
  const safe = algorithm.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'schedule';
  return `gradsync-${safe}-${devices}gpu${what ? `-${what}` : ''}.${extension}`;
}
