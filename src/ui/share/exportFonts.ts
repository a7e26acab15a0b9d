// The fonts an exported SVG carries, as @font-face rules with the font data inside. The notation's
// subscripts (a₁₂) and signs (·, …, ×) are missing from many readers' fonts, or fall back to another
// face of another width that overruns the cells; so the files bring their own: DejaVu Sans and DejaVu
// Sans Mono, regular and bold (free to embed and pass on: see fonts/LICENSE), cut down by
// scripts/exportFonts.sh to the characters the pictures write. Four WOFF2 subsets are about 37 KB
// (50 KB as base64), against 25 KB for ring on 4's picture itself: converting the text to paths
// would cost more on any picture with many cells, and leave text that cannot be selected or read
// aloud. Characters outside the subsets (a custom schedule's name) fall back to the reader's fonts.
// Loaded with the first export, not with the page.

import sans from './fonts/DejaVuSans.woff2?inline';
import sansBold from './fonts/DejaVuSans-Bold.woff2?inline';
import mono from './fonts/DejaVuSansMono.woff2?inline';
import monoBold from './fonts/DejaVuSansMono-Bold.woff2?inline';
import { EMBEDDED_MONO, EMBEDDED_SANS } from './exportText';

function face(family: string, weight: number, data: string): string {
  return `@font-face{font-family:${family};font-weight:${weight};src:url(${data}) format("woff2")}`;
}

/** The rules, for a <style> of the exported document. */
export const FONT_FACES = [
  face(EMBEDDED_SANS, 400, sans),
  face(EMBEDDED_SANS, 700, sansBold),
  face(EMBEDDED_MONO, 400, mono),
  face(EMBEDDED_MONO, 700, monoBold),
].join('\n');
