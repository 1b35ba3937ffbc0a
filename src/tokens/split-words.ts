import type { RunSink } from './run-sink.js';
import { slowWordWidth, WORD_UNITS } from './word-chars.js';

/** A word found by {@link nextWord}: `s[start, end)`, its FNV-1a hash and the OR of its code units. */
export interface WordRun {
  start: number;
  end: number;
  /** `hashRange(s, start, end)`. */
  hash: number;
  /** The OR of the word's code units: below 0x80 means pure ASCII. */
  seen: number;
}

/**
 * Finds the first maximal run of word characters of `s` at or after `i` (spec §4.1, Go
 * `strings.FieldsFunc` with letter-or-number), computing its FNV-1a hash over code units
 * (= `hashRange`) and whether it is pure ASCII as it reads it. Fills `w` and returns true, or
 * returns false when there is none. The loop shared by {@link scanWords} (TOKENS and the
 * CONTAINS_TOKEN* functions) and the index builds' `TokenInterner`, which calls it with a sink of
 * its own so that its call to the sink is not shared with the other sinks (V8 keeps one call-site
 * feedback per function: past four sink classes, a call is not inlined).
 *
 * Hot loop: one `WORD_UNITS` read per code unit; only unclassified code units and surrogates
 * take the slow path. The class codes (0 NOT_WORD, ≥2 UNCLASSIFIED/SURROGATE) and the FNV
 * constants are written as literals on purpose: V8 does not constant-fold imported bindings,
 * and reading them costs about a third of the loop's time.
 */
export function nextWord(s: string, i: number, w: WordRun): boolean {
  const table = WORD_UNITS;
  const n = s.length;
  while (i < n) {
    let c = s.charCodeAt(i);
    let k = table[c];
    if (k === 0) {
      i++;
      continue;
    }
    if (k >= 2) {
      k = slowWordWidth(s, i, c);
      if (k === 0) {
        i++;
        continue;
      }
    }
    // A word of width k (1, or 2 for a surrogate pair) starts at i: consume the run.
    const start = i;
    let seen = 0;
    let h = 0x811c9dc5; // HASH_SEED
    for (;;) {
      seen |= c;
      if (k === 1) {
        h = Math.imul(h ^ c, 0x01000193); // HASH_PRIME
        i++;
      } else {
        h = Math.imul(Math.imul(h ^ c, 0x01000193) ^ s.charCodeAt(i + 1), 0x01000193);
        i += 2;
      }
      if (i >= n) break;
      c = s.charCodeAt(i);
      k = table[c];
      if (k === 1) continue; // the common case first: a classified BMP word unit
      if (k === 0) break;
      k = slowWordWidth(s, i, c);
      if (k === 0) break;
    }
    w.start = start;
    w.end = i;
    w.hash = h;
    w.seen = seen;
    return true;
  }
  return false;
}

/** The run {@link scanWords} fills (read out before each call to a sink, which may scan too). */
const WORD: WordRun = { start: 0, end: 0, hash: 0, seen: 0 };

/**
 * The plain split pass (spec §4.1): sends every maximal run of word characters of `s` to `sink`,
 * left to right, with its hash and whether it is pure ASCII ({@link nextWord}). Empty runs never occur.
 * @returns true if the sink stopped the scan
 */
export function scanWords(s: string, sink: RunSink): boolean {
  const w = WORD;
  let i = 0;
  while (nextWord(s, i, w)) {
    const start = w.start;
    i = w.end;
    if (sink.run(s, start, i, w.seen < 0x80, w.hash)) return true;
  }
  return false;
}
