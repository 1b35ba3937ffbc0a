import { hashRange, type RunSink } from './run-sink.js';
import { isGoSpace } from './white-space.js';
import { wordWidthBefore } from './word-chars.js';

/** Whether a code unit cuts special tokens: Go white space or one of `( ) [ ] { }`. */
function isCut(c: number): boolean {
  switch (c) {
    case 0x28: // (
    case 0x29: // )
    case 0x5b: // [
    case 0x5d: // ]
    case 0x7b: // {
    case 0x7d: // }
      return true;
    default:
      return isGoSpace(c);
  }
}

/**
 * The specials pass (spec §4.2), run after the plain pass on the original string when
 * `specials:true`: `s` is cut on white space and the six brackets only (commas, quotes, `<` `>`
 * do not cut); trailing runes that are not word characters are removed from each piece, leading
 * ones are kept; non-empty results go to `sink`. So `'jim@abc.com,'` gives `jim@abc.com`,
 * `'"quoted"'` gives `"quoted`, `'C++'` gives `C` and `'!!!'` nothing.
 * @returns true if the sink stopped the scan
 */
export function scanSpecials(s: string, sink: RunSink): boolean {
  const n = s.length;
  let i = 0;
  while (i < n) {
    while (i < n && isCut(s.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isCut(s.charCodeAt(i))) i++;
    let end = i;
    while (end > start) {
      const w = wordWidthBefore(s, end);
      if (w !== 0) break;
      end--;
    }
    if (end > start && sink.run(s, start, end, false, hashRange(s, start, end))) return true;
  }
  return false;
}
