// The seeds' notation: GPU-i's gradient is a, b, c, … (from the 27th device on: g27, g28, …) and chunk c
// is written with a 1-based subscript, so a₁ is chunk 0 of GPU-0.

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';

export function deviceLabel(device: number): string {
  return `GPU-${device}`;
}

export function deviceLetter(device: number): string {
  return device < 26 ? String.fromCharCode(97 + device) : `g${device + 1}`;
}

export function subscript(n: number): string {
  return String(n)
    .split('')
    .map((digit) => SUBSCRIPT_DIGITS[Number(digit)])
    .join('');
}

/** A single term: device d's chunk c, e.g. a₁. */
export function term(device: number, chunk: number): string {
  return `${deviceLetter(device)}${subscript(chunk + 1)}`;
}

/** "a (GPU-0's contribution)" — for messages about contributions. */
export function contributionLabel(device: number): string {
  return `${deviceLetter(device)} (${deviceLabel(device)}'s contribution)`;
}
