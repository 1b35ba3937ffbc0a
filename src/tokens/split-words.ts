import type { RunSink } from './run-sink.js';
import { slowWordWidth, WORD_UNITS } from './word-chars.js';

/**
 * The plain split pass (spec §4.1, Go `strings.FieldsFunc` with letter-or-number): sends every
 * maximal run of word characters of `s` to `sink`, left to right, with its FNV-1a hash over
 * code units (= `hashRange`) and whether it is pure ASCII. Empty runs never occur.
 *
 * Hot loop: one `WORD_UNITS` read per code unit; only unclassified code units and surrogates
 * take the slow path. The class codes (0 NOT_WORD, ≥2 UNCLASSIFIED/SURROGATE) and the FNV
 * constants are written as literals on purpose: V8 does not constant-fold imported bindings,
 * and reading them costs about a third of the loop's time.
 * @returns true if the sink stopped the scan
 */
export function scanWords(s: string, sink: RunSink): boolean {
  const table = WORD_UNITS;
  const n = s.length;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    let w = table[c];
    if (w === 0) {
      i++;
      continue;
    }
    if (w >= 2) {
      w = slowWordWidth(s, i, c);
      if (w === 0) {
        i++;
        continue;
      }
    }
    // A word of width w (1, or 2 for a surrogate pair) starts at i: consume the run.
    const start = i;
    let seen = 0;
    let h = 0x811c9dc5; // HASH_SEED
    for (;;) {
      seen |= c;
      if (w === 1) {
        h = Math.imul(h ^ c, 0x01000193); // HASH_PRIME
        i++;
      } else {
        h = Math.imul(Math.imul(h ^ c, 0x01000193) ^ s.charCodeAt(i + 1), 0x01000193);
        i += 2;
      }
      if (i >= n) break;
      c = s.charCodeAt(i);
      w = table[c];
      if (w === 1) continue; // the common case first: a classified BMP word unit
      if (w === 0) break;
      w = slowWordWidth(s, i, c);
      if (w === 0) break;
    }
    if (sink.run(s, start, i, seen < 0x80, h)) return true;
  }
  return false;
}
