// The seeds' notation. Up to 26 devices, GPU-i's gradient is a letter: a, b, c, … z. With more than
// 26 devices every gradient is g followed by its GPU number (GPU-0 → g0, GPU-26 → g26, GPU-1023 →
// g1023), so no two names collide and each matches its "GPU-n". Chunk c is written with a 1-based
// subscript everywhere: a₁ is chunk 0 of GPU-0, g26₆₃ is chunk 62 of GPU-26.

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';
const LETTERS = 26;

export function deviceLabel(device: number): string {
  return `GPU-${device}`;
}

/** A text cut around every device name deviceLabel writes: the names at the odd places. */
export function splitAtDeviceLabels(text: string): string[] {
  return text.split(/(GPU-\d+)/);
}

/** The name of `device`'s gradient among `devices` devices: a letter up to 26 devices, else g and its number. */
export function deviceLetter(device: number, devices: number): string {
  return devices <= LETTERS ? String.fromCharCode(97 + device) : `g${device}`;
}

export function subscript(n: number): string {
  return String(n)
    .split('')
    .map((digit) => SUBSCRIPT_DIGITS[Number(digit)])
    .join('');
}

/** A single term: device d's chunk c among `devices` devices, e.g. a₁. */
export function term(device: number, chunk: number, devices: number): string {
  return `${deviceLetter(device, devices)}${subscript(chunk + 1)}`;
}

/** "a₁ (GPU-0's contribution)": a contribution to chunk `chunk`, for messages about it. */
export function contributionLabel(device: number, chunk: number, devices: number): string {
  return `${term(device, chunk, devices)} (${deviceLabel(device)}'s contribution)`;
}
