// The devices SVG as standalone markup: every element written with, as inline style, the paint and
// type the page's stylesheets gave it (theme variables resolved by getComputedStyle, fonts reduced to
// the embedded ones of their kind), so it looks the same inside an exported file or drawn into a canvas.
// A property is written only where it differs from what the parent passes down and coordinates are
// rounded to 1/100 px, which keeps files small; the markup is written while walking the page's
// elements, so a walk can run in slices and a large picture never blocks the page for long.

import { escapeXml, genericFont } from './exportText';

/** What the simulator's CSS sets on SVG shapes; geometry stays in the attributes. All inherit. */
const INHERITED = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'visibility',
  'paint-order',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'letter-spacing',
  'text-anchor',
  'dominant-baseline',
];
/** Written as they are: definitions, not painted in place (gradient stops get their colours). */
const DEFINITIONS = new Set(['defs', 'linearGradient', 'radialGradient', 'pattern', 'clipPath', 'mask', 'marker', 'style']);
/** Meaningful on the page only: an exported picture is an image, not a set of controls. */
const PAGE_ONLY = new Set(['tabindex', 'role', 'aria-pressed', 'style']);
const ROOT_ONLY = new Set(['class', 'aria-label', 'width', 'height']);
const GEOMETRY = new Set(['x', 'y', 'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'width', 'height', 'd', 'transform', 'points']);

type Values = Map<string, string>;

function computedValues(computed: CSSStyleDeclaration): Values {
  const values: Values = new Map();
  for (const name of INHERITED) {
    const value = computed.getPropertyValue(name);
    values.set(name, name === 'font-family' ? genericFont(value) : value);
  }
  return values;
}

function styleOf(element: Element, computed: CSSStyleDeclaration, own: Values, parent: Values | null): string {
  const declarations: string[] = [];
  if (computed.display === 'none') declarations.push('display:none');
  const opacity = computed.getPropertyValue('opacity');
  if (opacity !== '' && opacity !== '1') declarations.push(`opacity:${opacity}`);
  for (const [name, value] of own) {
    // Inherited from the parent unless an attribute of the element would take over.
    if (value === '' || (parent?.get(name) === value && !element.hasAttribute(name))) continue;
    declarations.push(`${name}:${value}`);
  }
  return declarations.join(';');
}

const rounded = (value: string) => value.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));

function openTag(element: Element, style: string, root: boolean): string {
  let tag = `<${element.localName}`;
  if (root) tag += ' xmlns="http://www.w3.org/2000/svg"';
  for (const { name, value } of element.attributes) {
    if (PAGE_ONLY.has(name) || (root && ROOT_ONLY.has(name))) continue;
    tag += ` ${name}="${escapeXml(GEOMETRY.has(name) ? rounded(value) : value)}"`;
  }
  return style ? `${tag} style="${escapeXml(style)}"` : tag;
}

function definitions(element: Element, win: Window): string {
  const copy = element.cloneNode(true) as Element;
  const stops = copy.querySelectorAll('stop');
  element.querySelectorAll('stop').forEach((stop, i) => {
    const computed = win.getComputedStyle(stop);
    stops[i].setAttribute('style', `stop-color:${computed.getPropertyValue('stop-color')};stop-opacity:${computed.getPropertyValue('stop-opacity')}`);
  });
  // Serialised alone, the element would restate its namespace; it is inside the picture's <svg>.
  return new XMLSerializer().serializeToString(copy).replace(/ xmlns="http:\/\/www\.w3\.org\/2000\/svg"/, '');
}

/** Writes `element` and what it holds into `out`, pausing (yielding) after each element. */
function* write(element: Element, parent: Values | null, win: Window, out: string[], root: string | null): Generator<void> {
  if (DEFINITIONS.has(element.localName)) {
    out.push(definitions(element, win));
    return;
  }
  if (element.localName === 'title' || element.localName === 'desc') {
    out.push(`<${element.localName}>${escapeXml(element.textContent ?? '')}</${element.localName}>`);
    return;
  }
  const computed = win.getComputedStyle(element);
  const own = computedValues(computed);
  const open = openTag(element, styleOf(element, computed, own, parent), root !== null);
  out.push(root ? open + root : open);
  yield;
  if (element.childNodes.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of element.childNodes) {
    if (child.nodeType === child.TEXT_NODE) out.push(escapeXml(child.textContent ?? ''));
    else if (child.nodeType === child.ELEMENT_NODE) yield* write(child as Element, own, win, out, null);
  }
  out.push(`</${element.localName}>`);
}

export interface StyledSvg {
  /** An <svg> element, positioned at the origin, `width` × `height` px. */
  markup: string;
  width: number;
  height: number;
}

function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  const box = svg.getBoundingClientRect();
  return {
    width: Math.max(1, Math.round(Number(svg.getAttribute('width')) || box.width || 1)),
    height: Math.max(1, Math.round(Number(svg.getAttribute('height')) || box.height || 1)),
  };
}

function walk(svg: SVGSVGElement, out: string[]): { size: { width: number; height: number }; steps: Generator<void> } {
  const size = sizeOf(svg);
  return { size, steps: write(svg, null, svg.ownerDocument.defaultView!, out, ` width="${size.width}" height="${size.height}"`) };
}

export function styledSvg(svg: SVGSVGElement): StyledSvg {
  const out: string[] = [];
  const { size, steps } = walk(svg, out);
  for (const _ of steps);
  return { markup: out.join(''), ...size };
}

export interface Slicing {
  /** Longest a slice of work runs before pausing (ms). */
  budgetMs: number;
  /** Lets the page run (paint, input) between slices. */
  pause(): Promise<void>;
  now(): number;
}

/** The same markup, written in slices of at most about `budgetMs`. */
export async function styledSvgSliced(svg: SVGSVGElement, slicing: Slicing): Promise<StyledSvg> {
  const out: string[] = [];
  const { size, steps } = walk(svg, out);
  let sliceStart = slicing.now();
  let count = 0;
  for (const _ of steps) {
    // The clock is read every few elements: reading it costs more than writing one.
    if (++count % 16 === 0 && slicing.now() - sliceStart > slicing.budgetMs) {
      await slicing.pause();
      sliceStart = slicing.now();
    }
  }
  return { markup: out.join(''), ...size };
}
