import { foldCase } from './case-fold.js';
import type { TokenOptions } from './options.js';
import { hashRange, type RunSink } from './run-sink.js';
import { scanString } from './scan-string.js';

/**
 * The tokens of one object field name under one tokenizing mode, cached: documents repeat the
 * same few names over and over (`schedule[*].flight`, `geo.lat` …), and names are internalized
 * strings, so a `Map` lookup costs less than scanning the name again.
 * `stamp` is the TOKENS call that last added these tokens, so a repeated name within one call is
 * skipped outright.
 */
export interface NameTokens {
  /** Folded tokens of the name, in order, without duplicates. */
  readonly tokens: string[];
  /** `hashRange` of each token. */
  readonly hashes: number[];
  stamp: number;
}

/** Collects the folded tokens of a name. */
class NameSink implements RunSink {
  readonly tokens: string[] = [];
  readonly hashes: number[] = [];
  constructor(private readonly opts: TokenOptions) {}

  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean {
    let t = s.slice(start, end);
    if (this.opts.case !== 'none') {
      t = foldCase(t, this.opts.case, ascii);
      hash = hashRange(t, 0, t.length);
    }
    if (!this.tokens.includes(t)) {
      this.tokens.push(t);
      this.hashes.push(hash);
    }
    return false;
  }
}

const MAX_NAMES = 20_000;
/** One cache per mode: case (3) × split × trim × specials. */
const caches: Map<string, NameTokens>[] = [];

function modeIndex(o: TokenOptions): number {
  return (o.case === 'none' ? 0 : o.case === 'lower' ? 1 : 2) * 8 + (o.split ? 4 : 0) + (o.trim ? 2 : 0) + (o.specials ? 1 : 0);
}

/** The cached tokens of field name `name` under `opts` (computed on first use). */
export function nameTokens(name: string, opts: TokenOptions): NameTokens {
  const m = modeIndex(opts);
  let cache = caches[m];
  if (cache === undefined) caches[m] = cache = new Map();
  let e = cache.get(name);
  if (e === undefined) {
    const sink = new NameSink(opts);
    scanString(name, opts, sink);
    e = { tokens: sink.tokens, hashes: sink.hashes, stamp: 0 };
    if (cache.size >= MAX_NAMES) cache.clear();
    cache.set(name, e);
  }
  return e;
}
