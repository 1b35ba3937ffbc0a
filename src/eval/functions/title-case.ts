/**
 * Go `strings.Title(strings.ToLower(s))`, the reference's TITLE/INITCAP: the first letter of each
 * word mapped by `unicode.ToTitle`, which is `unicode.ToUpper` except for the Latin digraphs
 * (ǆ/ǅ/Ǆ → ǅ, ǉ → ǈ, ǌ → ǋ, ǳ → ǲ) and the Georgian Mkhedruli letters, which title-case to
 * themselves (their upper case is Mtavruli) since Unicode 11.
 * Sources: couchbase/query `expression/func_str.go` `Title.Evaluate`; Go `strings.Title`,
 * `unicode.ToTitle` (the differences from ToUpper listed by running it over every rune).
 */
import { isGoSpace } from '../../tokens/white-space.js';
import { goLower, goUpper } from './support.js';

/** Runes whose title case differs from their upper case, and their title case. */
const TITLE_EXCEPTIONS: ReadonlyMap<number, number> = (() => {
  const m = new Map<number, number>();
  for (const [from, to, title] of [
    [0x01c4, 0x01c6, 0x01c5],
    [0x01c7, 0x01c9, 0x01c8],
    [0x01ca, 0x01cc, 0x01cb],
    [0x01f1, 0x01f3, 0x01f2],
  ]) {
    for (let c = from; c <= to; c++) m.set(c, title);
  }
  // Georgian Mkhedruli (U+10D0–10FA, U+10FD–10FF): title case is the letter itself.
  for (let c = 0x10d0; c <= 0x10ff; c++) if (c !== 0x10fb && c !== 0x10fc) m.set(c, c);
  return m;
})();

/** Go `unicode.ToTitle` of one character (a string of one code point). */
export function goToTitle(ch: string): string {
  const t = TITLE_EXCEPTIONS.get(ch.codePointAt(0)!);
  return t === undefined ? goUpper(ch) : String.fromCodePoint(t);
}

/**
 * Go strings.Title's word separator: ASCII other than letters, digits and '_'; beyond ASCII,
 * white space only (letters and digits are not).
 */
function isTitleSeparator(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  if (c <= 0x7f) return !/[0-9A-Za-z_]/.test(ch);
  return /^[\p{L}\p{Nd}]$/u.test(ch) ? false : isGoSpace(c);
}

/** Go `strings.Title(strings.ToLower(s))`: the reference's TITLE/INITCAP. */
export function goTitle(s: string): string {
  let out = '';
  let prev = ' ';
  for (const ch of goLower(s)) {
    out += isTitleSeparator(prev) ? goToTitle(ch) : ch;
    prev = ch;
  }
  return out;
}
