import { HASH_PRIME, HASH_SEED, type RunSink } from './run-sink.js';
import { NOT_WORD, slowWordWidth, UNCLASSIFIED, WORD_UNITS } from './word-chars.js';

/**
 * The plain split pass (spec §4.1, Go `strings.FieldsFunc` with letter-or-number): sends every
 * maximal run of word characters of `s` to `sink`, left to right, with its FNV-1a hash over
 * code units and whether it is pure ASCII. Empty runs never occur.
 * Hot loop: one {@link WORD_UNITS} read per code unit; only unclassified code units and
 * surrogates take the slow path.
 * @returns true if the sink stopped the scan
 */
export function scanWords(s: string, sink: RunSink): boolean {
  const table = WORD_UNITS;
  const n = s.length;
  let i = 0;
  while (i < n) {
    let c = s.charCodeAt(i);
    let w = table[c];
    if (w === NOT_WORD) {
      i++;
      continue;
    }
    if (w >= UNCLASSIFIED) {
      w = slowWordWidth(s, i, c);
      if (w === 0) {
        i++;
        continue;
      }
    }
    // A word of width w starts at i: consume the run, hashing as we go.
    const start = i;
    let seen = 0;
    let h = HASH_SEED;
    for (;;) {
      seen |= c;
      h = Math.imul(h ^ c, HASH_PRIME);
      if (w === 2) h = Math.imul(h ^ s.charCodeAt(i + 1), HASH_PRIME);
      i += w;
      if (i >= n) break;
      c = s.charCodeAt(i);
      w = table[c];
      if (w === NOT_WORD) break;
      if (w >= UNCLASSIFIED) {
        w = slowWordWidth(s, i, c);
        if (w === 0) break;
      }
    }
    if (sink.run(s, start, i, seen < 0x80, h)) return true;
  }
  return false;
}
