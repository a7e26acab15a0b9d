// A figure page inside an iframe (embed.html, train.html?embed=1) keeps the height the element with the
// same keys keeps (reserve.css), and tells its parent that height whenever it changes, so the parent
// can size the iframe to fit: { type: 'gradsync:height', height }. A training figure grows while a
// disclosure of its is open, as the element does (disclosureRoom.ts), and the iframe with it.

import { growWithDisclosures } from './disclosureRoom';

/**
 * The element the figure renders into: named as the figure's element and carrying the page's keys as
 * attributes, so reserve.css gives it the element's height. Nothing defines that element in these
 * pages: it is a plain box.
 */
export function reservedMount(parent: HTMLElement, tag: 'gradsync-sim' | 'gradsync-train', keys: readonly string[], query: URLSearchParams): HTMLElement {
  const mount = document.createElement(tag);
  for (const key of keys) {
    const value = query.get(key);
    if (value !== null) mount.setAttribute(key, value);
  }
  parent.append(mount);
  if (tag === 'gradsync-train') growWithDisclosures(mount, mount);
  return mount;
}

export function reportHeight(mount: HTMLElement): void {
  const post = () => {
    if (window.parent === window) return;
    window.parent.postMessage({ type: 'gradsync:height', height: Math.ceil(mount.getBoundingClientRect().height) }, '*');
  };
  window.addEventListener('load', post);
  new ResizeObserver(post).observe(mount);
}
