/**
 * Comparing and hashing a token that is still a range `s[start, end)` of the string it was
 * scanned from, before it is sliced out (and ASCII-folded): shared by the de-duplicating
 * {@link StringTable} of TOKENS and the {@link InternTable} of index builds.
 */

/** Whether `t` equals `s[start, start + len)` (`t.length === len`). Short tokens beat `startsWith`. */
export function sameRange(t: string, s: string, start: number, len: number): boolean {
  if (len > 16) return s.startsWith(t, start);
  for (let k = 0; k < len; k++) if (t.charCodeAt(k) !== s.charCodeAt(start + k)) return false;
  return true;
}

/**
 * ASCII case folding maps a letter c in [from, from + 26) to c + delta: upper-casing from 'a'
 * (-0x20), lower-casing from 'A' (+0x20). ASCII folding is the same in Go and JavaScript.
 */
export const FOLD_UPPER_FROM = 0x61;
export const FOLD_LOWER_FROM = 0x41;
export const FOLD_DELTA = 0x20;

/**
 * Whether `t` equals the ASCII range `s[start, start + len)` folded by `from`/`delta`
 * (`t.length === len`), comparing the folded characters in place.
 */
export function sameFoldedRange(t: string, s: string, start: number, len: number, from: number, delta: number): boolean {
  for (let k = 0; k < len; k++) {
    let c = s.charCodeAt(start + k);
    if ((c - from) >>> 0 < 26) c += delta;
    if (c !== t.charCodeAt(k)) return false;
  }
  return true;
}

/** The tables' mix of a token's FNV-1a hash (spreads the low bits used as the slot). */
export function mixHash(hash: number): number {
  return hash ^ (hash >>> 15);
}

/** FNV-1a hash of the ASCII range `s[start, end)` folded by `from`/`delta` (as `hashRange` of the folded token). */
export function foldedHash(s: string, start: number, end: number, from: number, delta: number): number {
  let hash = 0x811c9dc5; // HASH_SEED and HASH_PRIME as literals, as in the scanners (measurably faster)
  for (let i = start; i < end; i++) {
    let c = s.charCodeAt(i);
    if ((c - from) >>> 0 < 26) c += delta;
    hash = Math.imul(hash ^ c, 0x01000193);
  }
  return hash;
}

/** The ASCII string `raw` upper-cased or lower-cased. */
export function foldAscii(raw: string, upper: boolean): string {
  return upper ? raw.toUpperCase() : raw.toLowerCase();
}
