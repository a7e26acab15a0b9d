// The inside of a device card at a given width: header, chunk cells (one row, or a grid when the
// row would be too thin), and whether the chunks' seed expressions fit.

/** Chunk texts are shown between these font sizes (px), else hidden. */
const TEXT_MIN = 10;
const TEXT_MAX = 15;
/** Advance of a monospace character, in ems. */
const MONO_EM = 0.62;
/** Widest a cell without text grows (px). */
const PLAIN_CELL_MAX = 36;
/** Height of the contribution stripe under a chunk's text (px). */
const TEXT_BAR = 6;

export interface CardShape {
  width: number;
  height: number;
  pad: number;
  /** Height of the band with the colour bar and the label. */
  header: number;
  labelMode: 'full' | 'short' | 'none';
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  gap: number;
  /** Font size of the chunks' expressions; 0 when they are hidden. */
  textSize: number;
  /** Contributions laid side by side along x (wide cells) or stacked along y (tall cells). */
  slotAxis: 'x' | 'y';
  /** Height of the stripe under a text (0 without text): the stripe fills the whole cell otherwise. */
  barHeight: number;
}

export interface CardContent {
  devices: number;
  chunks: number;
  /** Characters of the longest expression a chunk can show; 0: never show texts. */
  textChars: number;
}

function digits(n: number): number {
  return String(n).length;
}

/** Longest seed expression of a chunk, e.g. (a₁₂+b₁₂+…) with all terms; texts only for N ≤ 8 and C ≤ 8. */
export function longestExpression(devices: number, chunks: number): number {
  if (devices > 8 || chunks > 8 || devices < 1) return 0;
  const term = 1 + digits(chunks);
  return devices === 1 ? term : 2 + devices * term + (devices - 1);
}

export function cellCap(content: CardContent): number {
  return content.textChars > 0 ? content.textChars * MONO_EM * TEXT_MAX + 8 : PLAIN_CELL_MAX;
}

/** `labels`: false for cards turned on a ring, whose names are written outside it instead. */
export function cardShape(width: number, columns: number, content: CardContent, labels = true): CardShape {
  const pad = Math.max(2, Math.min(8, width * 0.05));
  const labelMode = !labels ? 'none' : width >= 84 ? 'full' : width >= 34 ? 'short' : 'none';
  const header = labelMode === 'full' ? 24 : labelMode === 'short' ? 15 : 4;
  const rows = Math.ceil(content.chunks / columns);
  const inner = width - 2 * pad;
  const rough = inner / columns;
  const gap = rough >= 14 ? 3 : rough >= 6 ? 1.5 : rough >= 3 ? 0.75 : 0;
  const cellWidth = Math.max(0.5, (inner - gap * (columns - 1)) / columns);
  let textSize = 0;
  if (content.textChars > 0 && rows === 1) {
    const fits = (cellWidth - 8) / (content.textChars * MONO_EM);
    if (fits >= TEXT_MIN) textSize = Math.min(TEXT_MAX, fits);
  }
  // Without text, cells grow tall enough to give each contribution's stripe a few pixels.
  const plainHeight = cellWidth < 4 ? Math.max(cellWidth, 2.5) : Math.min(44, Math.max(cellWidth * 1.4, Math.min(content.devices * 4, 36)));
  const cellHeight = textSize > 0 ? Math.round(textSize * 1.5 + 6 + TEXT_BAR) : plainHeight;
  const height = header + pad + rows * cellHeight + (rows - 1) * gap + pad;
  return {
    width,
    height,
    pad,
    header,
    labelMode,
    columns,
    rows,
    cellWidth,
    cellHeight,
    gap,
    textSize,
    slotAxis: textSize > 0 || cellWidth >= cellHeight ? 'x' : 'y',
    barHeight: textSize > 0 ? TEXT_BAR : 0,
  };
}

/** Column counts worth trying: one per distinct number of rows. */
export function columnChoices(chunks: number): number[] {
  const choices = new Set<number>();
  for (let rows = 1; rows <= chunks; rows++) choices.add(Math.ceil(chunks / rows));
  return [...choices];
}
