import type { RunSink } from './run-sink.js';
import { isGoSpace } from './white-space.js';
import { slowWordWidth, WORD_UNITS } from './word-chars.js';

/** ASCII code units that cut special tokens: Go white space and `( ) [ ] { }`. */
const ASCII_CUT: Uint8Array = (() => {
  const t = new Uint8Array(128);
  for (const ch of '\t\n\v\f\r ()[]{}') t[ch.charCodeAt(0)] = 1;
  return t;
})();

/**
 * The specials pass (spec §4.2), run after the plain pass on the original string when
 * `specials:true`: `s` is cut on white space and the six brackets only (commas, quotes, `<` `>`
 * do not cut); trailing runes that are not word characters are removed from each piece, leading
 * ones are kept; non-empty results go to `sink` with their hash and ASCII-ness. So
 * `'jim@abc.com,'` gives `jim@abc.com`, `'"quoted"'` gives `"quoted`, `'C++'` gives `C` and
 * `'!!!'` nothing.
 *
 * One forward pass per piece: the hash is snapshotted after every word character, so the
 * trimmed piece's hash is at hand when the piece ends. (FNV constants as literals: see
 * `scanWords`.)
 * @returns true if the sink stopped the scan
 */
export function scanSpecials(s: string, sink: RunSink): boolean {
  const cut = ASCII_CUT;
  const table = WORD_UNITS;
  const n = s.length;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    if (c < 128 ? cut[c] === 1 : isGoSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    let h = 0x811c9dc5;
    let seen = 0;
    let end = start; // just after the last word character of the piece
    let endHash = h;
    let endSeen = 0;
    for (;;) {
      let w = table[c];
      if (w >= 2) w = slowWordWidth(s, i, c);
      h = Math.imul(h ^ c, 0x01000193);
      seen |= c;
      if (w === 2) {
        h = Math.imul(h ^ s.charCodeAt(i + 1), 0x01000193);
        i += 2;
      } else {
        i++;
      }
      if (w !== 0) {
        end = i;
        endHash = h;
        endSeen = seen;
      }
      if (i >= n) break;
      c = s.charCodeAt(i);
      if (c < 128 ? cut[c] === 1 : isGoSpace(c)) break;
    }
    if (end > start && sink.run(s, start, end, endSeen < 0x80, endHash)) return true;
  }
  return false;
}
