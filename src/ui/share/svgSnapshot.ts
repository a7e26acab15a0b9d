// The devices SVG as a standalone file: a clone whose every element carries, as inline style, the
// paint and type the page's stylesheets gave it (theme variables resolved by getComputedStyle), on a
// background of the panel colour, so it looks the same opened on its own or drawn into a canvas.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What the simulator's CSS sets on SVG shapes; geometry stays in the attributes. */
const PAINT = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray', 'stroke-linecap', 'stroke-linejoin', 'opacity', 'visibility', 'paint-order'];
const TYPE = ['font-family', 'font-size', 'font-weight', 'font-style', 'letter-spacing', 'text-anchor', 'dominant-baseline'];
const TEXT_TAGS = new Set(['text', 'tspan', 'textPath']);
/** Kept as they are: their children are definitions, not painted in place. */
const AS_IS = new Set(['defs', 'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'title', 'desc', 'style']);

function inlineStyle(source: Element, target: Element, win: Window): void {
  const computed = win.getComputedStyle(source);
  const declarations: string[] = [];
  if (computed.display === 'none') declarations.push('display:none');
  const names = TEXT_TAGS.has(source.localName) ? [...PAINT, ...TYPE] : PAINT;
  for (const name of names) {
    const value = computed.getPropertyValue(name);
    if (value !== '') declarations.push(`${name}:${value}`);
  }
  if (source.localName === 'stop') {
    for (const name of ['stop-color', 'stop-opacity']) declarations.push(`${name}:${computed.getPropertyValue(name)}`);
  }
  if (declarations.length > 0) target.setAttribute('style', declarations.join(';'));
}

function copyStyles(source: Element, target: Element, win: Window): void {
  inlineStyle(source, target, win);
  if (AS_IS.has(source.localName) && source.localName !== 'stop') {
    const stops = source.querySelectorAll('stop');
    const targetStops = target.querySelectorAll('stop');
    stops.forEach((stop, i) => targetStops[i] && inlineStyle(stop, targetStops[i], win));
    return;
  }
  const children = source.children;
  const targets = target.children;
  for (let i = 0; i < children.length && i < targets.length; i++) copyStyles(children[i], targets[i], win);
}

export interface SvgSnapshot {
  text: string;
  width: number;
  height: number;
}

/** `background` is a CSS colour; `title` names the picture for readers and file browsers. */
export function snapshotSvg(svg: SVGSVGElement, background: string, title: string): SvgSnapshot {
  const doc = svg.ownerDocument;
  const win = doc.defaultView!;
  const box = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(Number(svg.getAttribute('width')) || box.width || 1));
  const height = Math.max(1, Math.round(Number(svg.getAttribute('height')) || box.height || 1));
  const clone = svg.cloneNode(true) as SVGSVGElement;
  copyStyles(svg, clone, win);
  const rootStyle = win.getComputedStyle(svg);
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', svg.getAttribute('viewBox') ?? `0 0 ${width} ${height}`);
  clone.setAttribute('role', 'img');
  clone.setAttribute('aria-label', title);
  const inherited = `font-family:${rootStyle.fontFamily};font-size:${rootStyle.fontSize};color:${rootStyle.color}`;
  clone.setAttribute('style', [clone.getAttribute('style'), inherited].filter(Boolean).join(';'));
  for (const focusable of clone.querySelectorAll('[tabindex]')) focusable.removeAttribute('tabindex');
  const backdrop = doc.createElementNS(SVG_NS, 'rect');
  backdrop.setAttribute('width', '100%');
  backdrop.setAttribute('height', '100%');
  backdrop.setAttribute('fill', background);
  const heading = doc.createElementNS(SVG_NS, 'title');
  heading.textContent = title;
  clone.insertBefore(backdrop, clone.firstChild);
  clone.insertBefore(heading, clone.firstChild);
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}\n`;
  return { text, width, height };
}
