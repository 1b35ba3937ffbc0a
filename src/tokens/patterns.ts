import { LRUCache } from 'lru-cache';
import type RE2 from 're2';
import { re2 } from './re2.js';
import { evaluationError } from '../errors/index.js';
import { goEscapeError } from './go-regexp-escapes.js';
import { likeMatcher, parseLike } from './like-pattern.js';

/**
 * Compiled-pattern cache shared by the token functions, the LIKE operator and the REGEXP_*
 * functions (DESIGN §2: compiled patterns are cached). Keys are `kind \0 escape-or-mode \0
 * pattern`; errors are not cached (they are thrown again on the next compile).
 */
const CACHE_SIZE = 1000;
const likeCache = new LRUCache<string, (s: string) => boolean>({ max: CACHE_SIZE });
const regexpCache = new LRUCache<string, RE2>({ max: CACHE_SIZE });

/**
 * N1QL LIKE pattern → matcher (spec §7). `%` any run (consecutive `%` collapse), `_` exactly
 * one code point, the escape character (default `\`) makes the next character literal; the
 * match is whole-string, case-sensitive, and `%`/`_` match newlines. A trailing lone escape
 * throws QueryError 5010 `Trailing escape character (\) in pattern`. Patterns without `_` run
 * as plain string operations; the others as a cached RE2 regexp. Cached.
 */
export function compileLike(pattern: string, escape = '\\'): (s: string) => boolean {
  const key = `${escape}\0${pattern}`;
  let m = likeCache.get(key);
  if (m === undefined) {
    m = likeMatcher(parseLike(pattern, escape));
    likeCache.set(key, m);
  }
  return m;
}

/**
 * The literal prefix of a LIKE pattern (before the first unescaped `%` or `_`, escapes
 * resolved) for index spans. `prefixOnly`: the pattern is that prefix followed by `%` and
 * nothing else (`'ab%'`, also `'ab%%'`), so the prefix range is exact. `exact`: the pattern has
 * no wildcard at all, so it matches only the prefix itself. A trailing lone escape throws 5010.
 */
export function likePrefix(pattern: string, escape = '\\'): { prefix: string; prefixOnly: boolean; exact: boolean } {
  const items = parseLike(pattern, escape);
  const head = items.length > 0 && items[0].kind === 'literal' ? items[0].text : '';
  const rest = head === '' ? items : items.slice(1);
  return {
    prefix: head,
    prefixOnly: rest.length === 1 && rest[0].kind === 'any',
    exact: rest.length === 0,
  };
}

/**
 * An RE2 regexp for `pattern`, cached (spec §8, DESIGN §7). `mode: 'full'` matches whole
 * strings: `^(?:pattern)$` — fully anchored, unlike the reference's `^pattern$`, whose top-level
 * alternation is only half anchored. `mode: 'search'` matches anywhere. No `(?s)` is added, so
 * `.` does not match `\n`. An invalid pattern throws QueryError 5010 whose message holds the
 * pattern and RE2's message; an escape Go's syntax rejects (`\u0061`, `\cA`, `\C`), Go's message
 * (see `goEscapeError`).
 */
export function compileRegexp(pattern: string, mode: 'full' | 'search'): RE2 {
  const key = `${mode}\0${pattern}`;
  let re = regexpCache.get(key);
  if (re === undefined) {
    const goError = goEscapeError(pattern);
    if (goError !== undefined) throw evaluationError(`error parsing regexp: ${goError}`);
    let plain: RE2;
    try {
      plain = new (re2())(pattern, 'u');
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw evaluationError(`error parsing regexp: ${why}: \`${pattern}\``, e);
    }
    re = mode === 'search' ? plain : new (re2())(`^(?:${pattern})$`, 'u');
    regexpCache.set(key, re);
  }
  return re;
}
