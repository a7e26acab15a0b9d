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
