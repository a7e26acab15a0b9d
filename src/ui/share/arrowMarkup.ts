// A step's arrows as SVG: each a shaft on a halo of the background (so it reads over cards and
// links) and a filled head; reduce solid in the reduce colour, copy dashed in the copy colour, and a
// double tree's in its tree's colour, as the live picture's arrows are.

import { BLOCK_DASH, type ExportColors, copyDash } from './exportLegend';
import type { ArrowPath } from '../devices/arrows/arrowRoutes';
import type { StepArrows } from './transferArrows';
import { underFill } from '../devices/arrows/arrowUnder';

const f = (n: number) => n.toFixed(1);

function curvePath(path: ArrowPath): string {
  const start = path[0][0];
  return `M${f(start.x)},${f(start.y)}` + path.map(([, p1, p2, p3]) => `C${f(p1.x)},${f(p1.y)} ${f(p2.x)},${f(p2.y)} ${f(p3.x)},${f(p3.y)}`).join('');
}

/** The mask that draws arrows faint where they pass beneath a cell (arrowUnder.ts), or nothing. */
function underMask(under: StepArrows['under'], id: string): string {
  if (!under) return '';
  const cells = under.cells.map((c) => `<rect x="${f(c.x)}" y="${f(c.y)}" width="${f(c.width)}" height="${f(c.height)}" fill="${underFill()}"/>`);
  return (
    `<mask id="${id}" maskUnits="userSpaceOnUse" x="-10000" y="-10000" width="20000" height="20000">` +
    `<rect x="-10000" y="-10000" width="20000" height="20000" fill="white"/>${cells.join('')}${under.heads.map((points) => `<polygon points="${points}" fill="white"/>`).join('')}</mask>`
  );
}

const UNDER_MASK = 'gs-export-under';

export function arrowsMarkup({ arrows, width, under }: StepArrows, colors: ExportColors): string {
  const halo = `fill="none" stroke="${colors.background}" stroke-width="${f(width + 2.5)}" stroke-opacity="0.75" stroke-linecap="round"`;
  const colorOf = ({ op, tree }: StepArrows['arrows'][number]) => (tree ? colors[tree] : op === 'reduce' ? colors.reduce : colors.copy);
  // The block of cells an arrow carries, outlined in its colour as the live picture does.
  const blocks = arrows.flatMap((arrow) =>
    arrow.block
      ? [
          `<rect class="gs-export-block" x="${f(arrow.block.x)}" y="${f(arrow.block.y)}" width="${f(arrow.block.width)}" height="${f(arrow.block.height)}" rx="5" fill="none" stroke="${colorOf(arrow)}" stroke-width="2" stroke-dasharray="${BLOCK_DASH}"/>`,
        ]
      : [],
  );
  const parts = arrows.map((arrow) => {
    const { src, dst, chunk, op, shaft, head } = arrow;
    const color = colorOf(arrow);
    const dash = op === 'copy' ? ` stroke-dasharray="${copyDash(width)}"` : '';
    const d = curvePath(shaft);
    const tip = `M${head.map((p) => `${f(p.x)},${f(p.y)}`).join('L')}Z`;
    return (
      `<g class="gs-export-arrow gs-export-arrow--${op}" data-src="${src}" data-dst="${dst}" data-chunk="${chunk}">` +
      `<path d="${d}" ${halo}/>` +
      `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"${dash}/>` +
      `<path d="${tip}" fill="${color}" stroke="${colors.background}" stroke-width="1" stroke-linejoin="round" paint-order="stroke"/>` +
      `</g>`
    );
  });
  const mask = under ? ` mask="url(#${UNDER_MASK})"` : '';
  return `${blocks.join('')}${underMask(under, UNDER_MASK)}<g class="gs-export-arrows"${mask}>${parts.join('')}</g>`;
}
