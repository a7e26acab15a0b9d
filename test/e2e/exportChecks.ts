// What the export tests read inside the page. Each function runs in the browser (page.evaluate), so it
// uses only its arguments and the page's own globals.

/** Shows an exported SVG document at the top left of the page, above everything, for the checks below. */
export function showExport(svgText: string): void {
  document.querySelector('.export-check')?.remove();
  const host = document.createElement('div');
  host.className = 'export-check';
  host.style.cssText = 'position:fixed;left:0;top:0;z-index:2147483647;background:#fff';
  host.innerHTML = svgText.replace(/^<\?xml[^>]*>/, '');
  document.body.append(host);
}

export interface FontCheck {
  /** Families and weights of the @font-face rules the file carries, and whether each is data inside it. */
  faces: string[];
  /** Texts whose font is not one the file carries. */
  foreign: string[];
  /** Characters written in a face that lacks them. */
  missing: string[];
}

/**
 * Which fonts the SVG's texts are set in, and which characters those lack: a character the face has
 * is as wide whatever the fallback behind it; one it lacks falls back, to serif or to monospace.
 */
export async function exportFonts(): Promise<FontCheck> {
  const svg = document.querySelector<SVGSVGElement>('.export-check svg')!;
  const rules = [...svg.querySelectorAll('style')].map((style) => style.textContent ?? '').join('');
  const faces = (rules.match(/@font-face\{[^}]*\}/g) ?? []).map((rule) => {
    const family = /font-family:([^;]+)/.exec(rule)?.[1] ?? '?';
    const weight = /font-weight:(\d+)/.exec(rule)?.[1] ?? '?';
    return `${family} ${weight}${/src:url\(data:font\/woff2;base64,/.test(rule) ? ' inside' : ''}`;
  });
  const carried = new Set(faces.map((face) => face.split(' ')[0]));
  await Promise.all([...carried].flatMap((family) => ['400', '700'].map((weight) => document.fonts.load(`${weight} 20px ${family}`))));
  const context = new OffscreenCanvas(1, 1).getContext('2d')!;
  const width = (font: string, text: string) => {
    context.font = font;
    return context.measureText(text).width;
  };
  const foreign: string[] = [];
  const missing = new Set<string>();
  for (const text of svg.querySelectorAll('text')) {
    const style = getComputedStyle(text);
    const family = style.fontFamily.split(',')[0].trim().replace(/["']/g, '');
    if (!carried.has(family)) {
      foreign.push(`${text.textContent} (${style.fontFamily})`);
      continue;
    }
    // Font matching takes the bold face for weights above 500, the regular one up to it.
    const weight = Number(style.fontWeight) > 500 ? 700 : 400;
    for (const c of new Set(text.textContent ?? '')) {
      if (/\s/.test(c)) continue;
      if (width(`${weight} 20px ${family}, serif`, c) !== width(`${weight} 20px ${family}, monospace`, c)) missing.add(`${c} (${family} ${weight})`);
    }
  }
  return { faces, foreign, missing: [...missing] };
}

export interface ArrowCheck {
  cards: number;
  arrows: number;
  /** Arrows whose shaft or head runs over a card's title: its name, its badge and the badge's letter. */
  crossings: string[];
  /** Arrows whose head is covered where its middle is. */
  hidden: string[];
}

/** Where the exported SVG's arrows run, against the boxes of the cards' titles as the page lays them out. */
export function exportArrows(): ArrowCheck {
  const svg = document.querySelector<SVGSVGElement>('.export-check svg')!;
  const titles = [...svg.querySelectorAll<SVGGElement>('.gs-export-picture .gs-dv-card')].map((card) => {
    const boxes = [...card.querySelectorAll<SVGGraphicsElement>('.gs-dv-card-label, .gs-dv-card-chip, .gs-dv-card-letter')].map((part) => part.getBBox());
    return {
      card,
      name: card.querySelector('.gs-dv-card-label')?.textContent ?? '?',
      boxes: boxes.map((box) => ({ left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height })),
    };
  });
  const crossings = new Set<string>();
  const hidden: string[] = [];
  const arrows = [...svg.querySelectorAll('.gs-export-arrow')];
  for (const arrow of arrows) {
    const what = `${arrow.getAttribute('data-src')}→${arrow.getAttribute('data-dst')} chunk ${arrow.getAttribute('data-chunk')}`;
    const [, shaft, head] = arrow.querySelectorAll<SVGPathElement>('path');
    const half = Number(shaft.getAttribute('stroke-width')) / 2;
    for (const path of [shaft, head]) {
      const toPage = path.getScreenCTM()!;
      for (let at = 0; at <= path.getTotalLength(); at += 1) {
        const p = path.getPointAtLength(at).matrixTransform(toPage);
        for (const { card, name, boxes } of titles) {
          const q = p.matrixTransform(card.getScreenCTM()!.inverse());
          const over = boxes.some((b) => q.x >= b.left - half && q.x <= b.right + half && q.y >= b.top - half && q.y <= b.bottom + half);
          if (over) crossings.add(`${what} over ${name}`);
        }
      }
    }
    const corners = head
      .getAttribute('d')!
      .slice(1)
      .replace('Z', '')
      .split('L')
      .map((pair) => pair.split(',').map(Number));
    const middle = new DOMPoint(corners.reduce((sum, c) => sum + c[0], 0) / 3, corners.reduce((sum, c) => sum + c[1], 0) / 3).matrixTransform(
      head.getScreenCTM()!,
    );
    if (!document.elementFromPoint(middle.x, middle.y)?.closest('.gs-export-arrow')) hidden.push(what);
  }
  return { cards: titles.length, arrows: arrows.length, crossings: [...crossings], hidden };
}

export interface GifFrameBand {
  /** The band under the picture: the longest run of rows of one colour, not the backdrop's, at both edges. */
  top: number;
  height: number;
  /** Pixels in it of another colour than its own: its words. */
  ink: number;
  /** A digest of its pixels, to tell frames that say different things apart. */
  digest: number;
}

/** The GIF's frames `indices`, decoded by the browser, and the caption band of each. */
export async function gifBands({ bytes, indices }: { bytes: number[]; indices: number[] }): Promise<{ frames: number; bands: GifFrameBand[] }> {
  const decoder = new ImageDecoder({ data: new Uint8Array(bytes), type: 'image/gif' });
  await decoder.tracks.ready;
  const frames = decoder.tracks.selectedTrack!.frameCount;
  const bands: GifFrameBand[] = [];
  for (const index of indices) {
    const { image } = await decoder.decode({ frameIndex: index });
    const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    image.close();
    const { width, height, data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const pixel = (x: number, y: number) => (data[4 * (y * width + x)] << 16) | (data[4 * (y * width + x) + 1] << 8) | data[4 * (y * width + x) + 2];
    const backdrop = pixel(0, 0);
    let best = { top: 0, height: 0 };
    let start = -1;
    for (let y = 0; y <= height; y++) {
      const band = y < height && pixel(1, y) !== backdrop && pixel(1, y) === pixel(width - 2, y);
      if (band && start < 0) start = y;
      if (!band && start >= 0) {
        if (y - start > best.height) best = { top: start, height: y - start };
        start = -1;
      }
    }
    let ink = 0;
    let digest = 0;
    const fill = pixel(1, best.top);
    for (let y = best.top; y < best.top + best.height; y++) {
      for (let x = 0; x < width; x++) {
        const c = pixel(x, y);
        if (c !== fill) ink++;
        digest = (digest * 31 + c) | 0;
      }
    }
    bands.push({ ...best, ink, digest });
  }
  decoder.close();
  return { frames, bands };
}
