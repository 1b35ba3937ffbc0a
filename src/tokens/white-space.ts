/**
 * White space as Go's `unicode.IsSpace` defines it (used by `strings.TrimSpace` for
 * `split:false` — spec §4.3 — and by the specials pass — spec §4.2):
 * `\t \n \v \f \r`, space, U+0085, U+00A0, and the other White_Space runes U+1680,
 * U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000.
 * This is not JavaScript's `trim()` set: JS also strips U+FEFF and does not strip U+0085.
 * All these runes are in the BMP, so a code unit test is exact.
 */

/** Whether a UTF-16 code unit is a Go white-space rune. */
export function isGoSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  if (c <= 0xa0) return c === 0x85 || c === 0xa0;
  if (c < 0x1680) return false;
  return (
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Index of the first code unit of `s` that is not Go white space (`s.length` if none). */
export function trimStartIndex(s: string): number {
  let i = 0;
  const n = s.length;
  while (i < n && isGoSpace(s.charCodeAt(i))) i++;
  return i;
}

/** Index just after the last code unit of `s` at or after `from` that is not Go white space. */
export function trimEndIndex(s: string, from: number): number {
  let j = s.length;
  while (j > from && isGoSpace(s.charCodeAt(j - 1))) j--;
  return j;
}

/** Go `strings.TrimSpace`: `s` without leading and trailing Go white space. */
export function trimSpace(s: string): string {
  const i = trimStartIndex(s);
  const j = trimEndIndex(s, i);
  return i === 0 && j === s.length ? s : s.slice(i, j);
}
