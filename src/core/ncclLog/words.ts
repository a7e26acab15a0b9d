// How ranks are written wherever a log's reading is said: in runs.

/** "0–7, 9, 12–15": ranks in ascending order, by runs. */
export function rankRuns(ranks: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ranks.length;) {
    let j = i;
    while (j + 1 < ranks.length && ranks[j + 1] === ranks[j] + 1) j++;
    parts.push(j > i ? `${ranks[i]}–${ranks[j]}` : String(ranks[i]));
    i = j + 1;
  }
  return parts.join(', ');
}
