/**
 * Where the string scanners ({@link scanWords}, {@link scanSpecials}, {@link scanString}) send
 * the tokens they find, without materialising them: a token is `s.slice(start, end)` before case
 * folding. `ascii` is true when the scanner knows the range is pure ASCII (then folding needs no
 * Unicode care); false means "unknown". `hash` is {@link hashRange} of the range, computed by
 * the scanner while it reads the characters anyway, so that a de-duplicating sink need not
 * read them again.
 * `run` returns true to stop the scan (CONTAINS_TOKEN* found a match), false to go on.
 */
export interface RunSink {
  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean;
}

/** FNV-1a offset basis and prime, over UTF-16 code units. */
export const HASH_SEED = 0x811c9dc5;
export const HASH_PRIME = 0x01000193;

/** The 32-bit FNV-1a hash of the code units `s[start, end)` (as the scanners compute it). */
export function hashRange(s: string, start: number, end: number): number {
  let h = HASH_SEED;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), HASH_PRIME);
  return h;
}
