/**
 * Case folding of tokens (spec §3 `case`): Go `strings.ToLower` / `strings.ToUpper`, i.e. each
 * rune mapped on its own by the *simple* Unicode mapping, with no locale and no context.
 *
 * JavaScript's `toLowerCase`/`toUpperCase` use the *full* mappings, which differ in three ways,
 * all handled here:
 * - one rune may become several (`ß`→`SS`, `ŉ`→`ʼN`, `ﬁ`→`FI`, Greek with ypogegrammeni …;
 *   lower case only `İ`→`i̇`). Go keeps the rune when it has no simple mapping, except for
 *   `İ`→`i` and the Greek iota-subscript letters that have a one-rune simple upper case
 *   ({@link SIMPLE_EXCEPTIONS});
 * - final sigma: JS lowers a word-final `Σ` to `ς`, Go always to `σ`.
 * Every full mapping that changes a rune's length changes the string's UTF-16 length (checked
 * over all code points), so `s.toLowerCase()` is exact whenever the length is unchanged and no
 * `ς` appeared; otherwise the string is mapped rune by rune.
 */

/** `'none'`: no folding; otherwise Go `strings.ToLower` / `strings.ToUpper`. */
export type CaseMode = 'none' | 'lower' | 'upper';

/** Runes whose one-rune simple mapping differs from JS's multi-rune full mapping. */
const SIMPLE_EXCEPTIONS: { lower: Map<number, number>; upper: Map<number, number> } = (() => {
  const upper = new Map<number, number>();
  for (const base of [0x1f80, 0x1f90, 0x1fa0]) for (let k = 0; k < 8; k++) upper.set(base + k, base + k + 8);
  upper.set(0x1fb3, 0x1fbc).set(0x1fc3, 0x1fcc).set(0x1ff3, 0x1ffc);
  return { lower: new Map([[0x0130, 0x0069]]), upper };
})();

const FINAL_SIGMA = 'ς';

/** Go `unicode.ToLower`/`ToUpper` of one code point. */
export function foldRune(cp: number, mode: 'lower' | 'upper'): number {
  const ch = String.fromCodePoint(cp);
  const full = mode === 'lower' ? ch.toLowerCase() : ch.toUpperCase();
  const first = full.codePointAt(0) as number;
  if (full.length === (first > 0xffff ? 2 : 1)) return first;
  return SIMPLE_EXCEPTIONS[mode].get(cp) ?? cp;
}

function foldByRune(s: string, mode: 'lower' | 'upper'): string {
  let out = '';
  for (const ch of s) out += String.fromCodePoint(foldRune(ch.codePointAt(0) as number, mode));
  return out;
}

/**
 * Folds `s` as Go does. `ascii` is a hint that `s` is pure ASCII (then JS and Go agree and no
 * check is needed); pass false when unknown.
 */
export function foldCase(s: string, mode: CaseMode, ascii: boolean): string {
  if (mode === 'none') return s;
  if (mode === 'lower') {
    const t = s.toLowerCase();
    if (ascii || (t.length === s.length && t.indexOf(FINAL_SIGMA) < 0)) return t;
    return foldByRune(s, mode);
  }
  const t = s.toUpperCase();
  if (ascii || t.length === s.length) return t;
  return foldByRune(s, mode);
}
