// How a question's options are named and picked: by number, from 1 to the question's option count, the
// same on the screen, on the keyboard and on the printed handout. Letters are not used, so no option
// key is also a key of the figure's (A changes the algorithm in the presenter).

/** The name of option `index` (0-based): "1". */
export function optionLabel(index: number): string {
  return String(index + 1);
}

/** The keys that answer a question of `count` options: "1–3", or "1" alone. */
export function optionRange(count: number): string {
  return count > 1 ? `${optionLabel(0)}–${optionLabel(count - 1)}` : optionLabel(0);
}

/** The option (0-based) a key picks in a question of `count` options, or null for any other key. */
export function optionOfKey(key: string, count: number): number | null {
  if (!/^[1-9]$/.test(key)) return null;
  const option = Number(key) - 1;
  return option < count ? option : null;
}
