/**
 * Regular-expression functions, on RE2 (the reference uses Go `regexp`, also RE2 syntax).
 * Reference: couchbase/query `expression/func_regexp.go`; docs `patternmatchingfun.adoc`.
 *
 * All are 'strict' (MISSING arg → MISSING, else NULL arg → NULL); a non-string argument gives
 * NULL; an invalid pattern is QueryError 5010 (from `compileRegexp`). Positions are UTF-8 byte
 * offsets, as Go reports them. Successive matches follow Go's `ReplaceAll`/`FindAll` rule:
 * non-overlapping, and an empty match right after the previous match is skipped.
 */
import type RE2 from 're2';
import { compileRegexp } from '../../tokens/patterns.js';
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isInt, isString, utf8Offset } from './support.js';

// A global ('g') twin of each cached search regexp, for iterating with lastIndex.
const globalTwins = new WeakMap<RE2, RE2>();

function globalTwin(re: RE2): RE2 {
  let g = globalTwins.get(re);
  if (g === undefined) {
    const Ctor = re.constructor as new (source: RE2, flags: string) => RE2;
    g = new Ctor(re, re.flags.includes('g') ? re.flags : `${re.flags}g`);
    globalTwins.set(re, g);
  }
  return g;
}

/** Calls `visit(start, end)` (UTF-16 indices) for each match Go would report, in order. */
function eachMatch(pattern: string, s: string, visit: (start: number, end: number) => void): void {
  const g = globalTwin(compileRegexp(pattern, 'search'));
  let pos = 0;
  let lastEnd = 0;
  while (pos <= s.length) {
    g.lastIndex = pos;
    const m = g.exec(s);
    if (m === null) break;
    const start = m.index;
    const end = start + m[0].length;
    if (end > lastEnd || start === 0) visit(start, end);
    lastEnd = end;
    const width = pos < s.length && s.codePointAt(pos)! > 0xffff ? 2 : 1;
    pos = pos + width > end ? pos + width : end;
  }
}

/**
 * REGEXP_REPLACE: replaces matches with `repl` taken literally (the reference uses Go's
 * `ReplaceAllLiteralString`, so `$1` is not expanded); with `n`, only the first `n` matches
 * (none when `n` ≤ 0).
 */
function regexpReplace(s: string, pattern: string, repl: string, n: number): string {
  let out = '';
  let last = 0;
  let left = n;
  eachMatch(pattern, s, (start, end) => {
    if (left <= 0) return;
    out += s.slice(last, start) + repl;
    last = end;
    left--;
  });
  return out + s.slice(last);
}

/** REGEXP_SPLIT as the reference does it: no leading empty match, no trailing empty piece. */
function regexpSplit(s: string, pattern: string): string[] {
  const out: string[] = [];
  let start = 0;
  eachMatch(pattern, s, (a, b) => {
    if (a === b && a === 0) return;
    out.push(s.slice(start, a));
    start = b;
  });
  if (out.length > 0 && start < s.length) out.push(s.slice(start));
  return out;
}

function firstMatch(s: string, pattern: string): number {
  const i = compileRegexp(pattern, 'search').search(s);
  return i < 0 ? -1 : utf8Offset(s, i);
}

/** A strict two-string-argument regexp function. */
function re2Fn(name: string, aliases: string[], body: (s: string, p: string) => Value): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 2,
    maxArgs: 2,
    nulls: 'strict',
    fn: ([s, p]) => (isString(s) && isString(p) ? body(s, p) : null),
  };
}

export const regexpFunctions: FunctionDef[] = [
  /** REGEXP_CONTAINS(s, p): true if some substring of `s` matches `p`. */
  re2Fn('REGEXP_CONTAINS', ['REGEX_CONTAINS', 'CONTAINS_REGEXP', 'CONTAINS_REGEX'], (s, p) =>
    compileRegexp(p, 'search').test(s),
  ),
  /** REGEXP_LIKE(s, p): true if the whole of `s` matches `p` (fully anchored, DESIGN §7). */
  re2Fn('REGEXP_LIKE', ['REGEX_LIKE'], (s, p) => compileRegexp(p, 'full').test(s)),
  /** REGEXP_POSITION(s, p): 0-based byte position of the first match, -1 if none. */
  re2Fn(
    'REGEXP_POSITION',
    ['REGEXP_POSITION0', 'REGEXP_POS', 'REGEXP_POS0', 'REGEX_POSITION', 'REGEX_POSITION0', 'REGEX_POS', 'REGEX_POS0'],
    (s, p) => firstMatch(s, p),
  ),
  /** REGEXP_POSITION1(s, p): 1-based byte position of the first match, -1 if none. */
  re2Fn('REGEXP_POSITION1', ['REGEXP_POS1', 'REGEX_POSITION1', 'REGEX_POS1'], (s, p) => {
    const i = firstMatch(s, p);
    return i < 0 ? -1 : i + 1;
  }),
  /** REGEXP_MATCHES(s, p): the texts of all successive matches. */
  re2Fn('REGEXP_MATCHES', [], (s, p) => {
    const out: string[] = [];
    eachMatch(p, s, (a, b) => out.push(s.slice(a, b)));
    return out;
  }),
  /** REGEXP_SPLIT(s, p): the pieces between matches (see `regexpSplit`). */
  re2Fn('REGEXP_SPLIT', [], (s, p) => regexpSplit(s, p)),
  {
    /** REGEXP_REPLACE(s, p, repl [, n]): `n` must be an integer (else NULL). */
    name: 'REGEXP_REPLACE',
    aliases: ['REGEX_REPLACE'],
    minArgs: 3,
    maxArgs: 4,
    nulls: 'strict',
    fn: ([s, p, repl, n]) => {
      if (!isString(s) || !isString(p) || !isString(repl)) return null;
      if (n !== undefined && !isInt(n)) return null;
      return regexpReplace(s, p, repl, n ?? Infinity);
    },
  },
];
