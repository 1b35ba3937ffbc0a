/**
 * Word-character classification for the tokenizer (spec §4.1): a rune is a word character when
 * Go's `unicode.IsLetter` (Lu Ll Lt Lm Lo) or `unicode.IsNumber` (Nd Nl No) holds for it.
 * Everything else — underscore, apostrophe, punctuation, symbols, emoji, white space and the
 * combining marks Mn/Mc/Me — separates words.
 *
 * Shape: one `Uint8Array(65536)` indexed by UTF-16 code unit, so the hot loop does a single
 * table read per character: {@link NOT_WORD} 0, {@link WORD} 1, {@link UNCLASSIFIED} 2 (a BMP
 * code point above ASCII not seen yet: classified once with `\p{L}\p{N}` and stored) and
 * {@link SURROGATE} 3 (the code point is decided from the pair; astral results are cached in a
 * `Map`). ASCII is filled in up front. The classes are those of the Node runtime's ICU (Node 20.20:
 * Unicode 17), not Go 1.26's Unicode 15 as spec §12 assumed: docs/compatibility.md.
 */

export const NOT_WORD = 0;
export const WORD = 1;
export const UNCLASSIFIED = 2;
export const SURROGATE = 3;

/** Per-code-unit class; read it directly in loops, and call {@link slowWordWidth} for classes ≥ 2. */
export const WORD_UNITS: Uint8Array = (() => {
  const t = new Uint8Array(0x10000).fill(UNCLASSIFIED, 0x80);
  for (let c = 0x30; c <= 0x39; c++) t[c] = WORD;
  for (let c = 0x41; c <= 0x5a; c++) t[c] = WORD;
  for (let c = 0x61; c <= 0x7a; c++) t[c] = WORD;
  t.fill(SURROGATE, 0xd800, 0xe000);
  return t;
})();

const WORD_RE = /^[\p{L}\p{N}]$/u;
const astral = new Map<number, boolean>();

/** Whether any code point is a word character. */
export function isWordCodePoint(cp: number): boolean {
  if (cp < 0x10000) {
    const k = WORD_UNITS[cp];
    if (k < UNCLASSIFIED) return k === WORD;
    if (k === SURROGATE) return false; // a lone surrogate (Go sees U+FFFD)
    const word = WORD_RE.test(String.fromCharCode(cp));
    WORD_UNITS[cp] = word ? WORD : NOT_WORD;
    return word;
  }
  let word = astral.get(cp);
  if (word === undefined) {
    word = WORD_RE.test(String.fromCodePoint(cp));
    astral.set(cp, word);
  }
  return word;
}

/**
 * The slow path of {@link wordWidthAt} for a code unit `c = s.charCodeAt(i)` whose class is
 * UNCLASSIFIED or SURROGATE: 0 (not a word character), 1 (BMP word character) or 2 (astral word
 * character, a surrogate pair). Lone surrogates give 0.
 */
export function slowWordWidth(s: string, i: number, c: number): number {
  if (c < 0xd800 || c > 0xdfff) return isWordCodePoint(c) ? 1 : 0;
  if (c > 0xdbff || i + 1 >= s.length) return 0;
  const d = s.charCodeAt(i + 1);
  if (d < 0xdc00 || d > 0xdfff) return 0;
  return isWordCodePoint(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000) ? 2 : 0;
}

/**
 * Width in UTF-16 code units of the word character starting at `s[i]` (`c = s.charCodeAt(i)`):
 * 0 if it is not a word character, 1 in the BMP, 2 for a surrogate pair.
 */
export function wordWidthAt(s: string, i: number, c: number): number {
  const k = WORD_UNITS[c];
  return k < UNCLASSIFIED ? k : slowWordWidth(s, i, c);
}

/**
 * Width in code units of the word character that ends just before `s[end]` (`end > 0`): 0 if
 * the code point ending there is not a word character, else 1 or 2.
 */
export function wordWidthBefore(s: string, end: number): number {
  const c = s.charCodeAt(end - 1);
  if (c >= 0xdc00 && c <= 0xdfff && end >= 2) {
    const h = s.charCodeAt(end - 2);
    return h >= 0xd800 && h <= 0xdbff ? slowWordWidth(s, end - 2, h) : 0;
  }
  return wordWidthAt(s, end - 1, c);
}

/** Whether every code point of `s` is a word character (true for the empty string). */
export function isAllWord(s: string): boolean {
  const n = s.length;
  let i = 0;
  while (i < n) {
    const w = wordWidthAt(s, i, s.charCodeAt(i));
    if (w === 0) return false;
    i += w;
  }
  return true;
}
