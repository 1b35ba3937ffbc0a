import type { ObjectValue, Value } from '../values/index.js';
import { foldCase, type CaseMode } from './case-fold.js';
import type { TokenOptions } from './options.js';
import type { RunSink } from './run-sink.js';
import { scanString } from './scan-string.js';
import { isAllWord, wordWidthAt, wordWidthBefore } from './word-chars.js';

/** Compares each produced string token with the search token, without slicing when it can. */
class EqualsSink implements RunSink {
  constructor(
    private readonly token: string,
    private readonly fold: CaseMode,
  ) {}

  run(s: string, start: number, end: number, ascii: boolean): boolean {
    const token = this.token;
    const len = end - start;
    if (this.fold === 'none') return len === token.length && s.startsWith(token, start);
    if (ascii) {
      if (len !== token.length) return false;
      const lower = this.fold === 'lower';
      for (let k = 0; k < len; k++) {
        let c = s.charCodeAt(start + k);
        if (lower) {
          if (c >= 0x41 && c <= 0x5a) c += 0x20;
        } else if (c >= 0x61 && c <= 0x7a) c -= 0x20;
        if (c !== token.charCodeAt(k)) return false;
      }
      return true;
    }
    return foldCase(s.slice(start, end), this.fold, false) === token;
  }
}

/** Applies a predicate to each produced string token (folded). */
class MatchSink implements RunSink {
  constructor(
    private readonly matcher: (tok: string) => boolean,
    private readonly fold: CaseMode,
  ) {}

  run(s: string, start: number, end: number, ascii: boolean): boolean {
    const t = s.slice(start, end);
    return this.matcher(this.fold === 'none' ? t : foldCase(t, this.fold, ascii));
  }
}

/**
 * Plain split mode, no folding, all-word search token: the token is a word run of `s` exactly
 * when it occurs in `s` with no word character right before or right after it.
 */
function hasWordRun(s: string, token: string): boolean {
  const n = s.length;
  const tl = token.length;
  for (let p = s.indexOf(token); p >= 0; p = s.indexOf(token, p + 1)) {
    const e = p + tl;
    if (p > 0 && wordWidthBefore(s, p) !== 0) continue;
    if (e < n && wordWidthAt(s, e, s.charCodeAt(e)) !== 0) continue;
    return true;
  }
  return false;
}

/** Searches the string tokens of a value; `inString` decides for one string (value or name). */
function someString(v: Value, names: boolean, inString: (s: string) => boolean): boolean {
  if (typeof v === 'string') return inString(v);
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (someString(v[i], names, inString)) return true;
    return false;
  }
  const o: ObjectValue = v;
  for (const k in o) {
    const x = o[k];
    if (x === undefined) continue;
    if (names && inString(k)) return true;
    if (someString(x, names, inString)) return true;
  }
  return false;
}

/** Whether a number or boolean token occurs among the scalars of `v` (names are never searched). */
function someScalar(v: Value, token: number | boolean): boolean {
  if (v === token) return true;
  if (typeof v === 'number' && typeof token === 'number') return v !== v && token !== token; // NaN is one token
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (someScalar(v[i], token)) return true;
    return false;
  }
  for (const k in v) if (someScalar(v[k], token)) return true;
  return false;
}

/**
 * CONTAINS_TOKEN semantics (spec §6, DESIGN §7): true exactly when some token of
 * `tokens(v, opts)` equals `token` — strings by exact content against the *folded* tokens (the
 * search token is never folded), numbers by value (`5` ≡ `5.0`), booleans by value, never
 * across kinds. A null element, a null/array/object/MISSING token never match. Object names
 * are searched only for a string token and `names:true`. Stops at the first match and builds
 * no token set.
 */
export function containsToken(v: Value, token: Value, opts: TokenOptions): boolean {
  if (typeof token === 'number' || typeof token === 'boolean') return someScalar(v, token);
  if (typeof token !== 'string' || token.length === 0) return false; // no empty tokens exist
  const fold = opts.case;
  if (opts.split && !opts.specials && fold === 'none') {
    // Plain word runs only: a token with a separator in it can never be one.
    if (!isAllWord(token)) return false;
    return someString(v, opts.names, (s) => hasWordRun(s, token));
  }
  const sink = new EqualsSink(token, fold);
  return someString(v, opts.names, (s) => scanString(s, opts, sink));
}

/**
 * {@link containsToken} with the search token and options fixed: the per-token work (the word
 * check of the token, the comparing sink, the per-string closure) done once, for a statement
 * that searches every row for the same token. `matcher(v)` ≡ `containsToken(v, token, opts)`.
 */
export function containsTokenMatcher(token: Value, opts: TokenOptions): (v: Value) => boolean {
  if (typeof token === 'number' || typeof token === 'boolean') return (v) => someScalar(v, token);
  if (typeof token !== 'string' || token.length === 0) return () => false;
  const names = opts.names;
  if (opts.split && !opts.specials && opts.case === 'none') {
    if (!isAllWord(token)) return () => false;
    const inString = (s: string): boolean => hasWordRun(s, token);
    return (v) => (typeof v === 'string' ? hasWordRun(v, token) : someString(v, names, inString));
  }
  const sink = new EqualsSink(token, opts.case);
  const inString = (s: string): boolean => scanString(s, opts, sink);
  return (v) => (typeof v === 'string' ? scanString(v, opts, sink) : someString(v, names, inString));
}

/**
 * CONTAINS_TOKEN_LIKE / _REGEXP semantics (spec §7–§8, DESIGN §7): true exactly when `matcher`
 * accepts some *string* token of `tokens(v, opts)` (folded; names included when `names:true`).
 * Numbers, booleans and nulls never match. Stops at the first match.
 */
export function containsTokenMatching(v: Value, matcher: (tok: string) => boolean, opts: TokenOptions): boolean {
  const sink = new MatchSink(matcher, opts.case);
  return someString(v, opts.names, (s) => scanString(s, opts, sink));
}
