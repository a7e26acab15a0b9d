// Chunk c of a K-element buffer split into C chunks covers [floor(c·K/C), floor((c+1)·K/C)).
// Works for any K ≥ 0 and C ≥ 1: K not divisible by C, and K < C (some chunks empty).

export function chunkStart(chunk: number, elements: number, chunks: number): number {
  return Math.floor((chunk * elements) / chunks);
}

export function chunkLength(chunk: number, elements: number, chunks: number): number {
  return chunkStart(chunk + 1, elements, chunks) - chunkStart(chunk, elements, chunks);
}

/** Start offsets of every chunk plus the end: chunk c is [starts[c], starts[c+1]). */
export function chunkOffsets(elements: number, chunks: number): Int32Array {
  const starts = new Int32Array(chunks + 1);
  for (let c = 0; c <= chunks; c++) starts[c] = chunkStart(c, elements, chunks);
  return starts;
}

/**
 * The chunk holding element `element` (0 ≤ element < elements): the last chunk starting at or before
 * it, so empty chunks (K < C) are passed over. floor(c·K/C) ≤ e holds exactly for c < (e+1)·C/K.
 */
export function chunkOfElement(element: number, elements: number, chunks: number): number {
  return Math.ceil(((element + 1) * chunks) / elements) - 1;
}
