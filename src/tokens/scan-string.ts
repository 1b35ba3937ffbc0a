import type { TokenOptions } from './options.js';
import { hashRange, type RunSink } from './run-sink.js';
import { scanSpecials } from './specials.js';
import { scanWords } from './split-words.js';
import { trimEndIndex, trimStartIndex } from './white-space.js';

/**
 * Sends the (unfolded) tokens of one string to `sink` per the options (spec §4):
 * split mode — the plain word runs, then, with `specials`, the special pieces;
 * `split:false` — the whole string, trimmed of Go white space unless `trim:false`, and only
 * when non-empty (DESIGN §7: no empty token, so no empty-token quirk).
 * Names of object fields go through here too.
 * @returns true if the sink stopped the scan
 */
export function scanString(s: string, opts: TokenOptions, sink: RunSink): boolean {
  if (opts.split) {
    if (scanWords(s, sink)) return true;
    return opts.specials && scanSpecials(s, sink);
  }
  let start = 0;
  let end = s.length;
  if (opts.trim) {
    start = trimStartIndex(s);
    end = trimEndIndex(s, start);
  }
  return end > start && sink.run(s, start, end, false, hashRange(s, start, end));
}
