// base64url (RFC 4648 §5) without padding, both ways. Written out here because core runs in Node and
// browsers alike, and neither btoa nor Buffer is both.

import { refused, type Refused } from '../errors';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTETS = new Map([...ALPHABET].map((c, i) => [c, i]));

/** RFC 4648 §5 without padding: safe in a query string and an attribute as it is. */
export function toBase64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) text += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return text;
}

/** Decoded bytes, or what is wrong: a character outside the alphabet, or a length no encoding has. */
export type Base64urlResult = { ok: true; bytes: Uint8Array } | Refused;

export function fromBase64url(text: string): Base64urlResult {
  if (text.length % 4 === 1) return refused('it is cut short or damaged');
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let buffer = 0;
  let out = 0;
  for (const c of text) {
    const sextet = SEXTETS.get(c);
    if (sextet === undefined) return refused(`it contains “${c}”, which no schedule value does`);
    buffer = ((buffer << 6) | sextet) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (buffer >> bits) & 0xff;
    }
  }
  return { ok: true, bytes };
}
