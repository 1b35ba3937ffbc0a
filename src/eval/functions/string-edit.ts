/**
 * String functions, part 2: trimming, splitting, replacing, repeating, reversing, title case.
 * Reference: couchbase/query `expression/func_str.go`; docs `stringfun.adoc`.
 * All are 'strict' (MISSING arg → MISSING, else NULL arg → NULL); wrong-typed args give NULL.
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { checkResultSize, goFields, isInt, isString, utf8Length } from './support.js';
import { goTitle } from './title-case.js';

/** The reference's default trim set (`_WHITESPACE`): space, tab, LF, FF, CR (not VT). */
const WHITESPACE = ' \t\n\f\r';

/** Go `strings.TrimLeft/TrimRight/Trim` with a cutset: a set of code points. */
function trim(s: string, cutset: string, left: boolean, right: boolean): string {
  const cut = new Set(Array.from(cutset));
  const cps = Array.from(s);
  let i = 0;
  let j = cps.length;
  if (left) while (i < j && cut.has(cps[i])) i++;
  if (right) while (j > i && cut.has(cps[j - 1])) j--;
  return i === 0 && j === cps.length ? s : cps.slice(i, j).join('');
}

function trimDef(name: string, left: boolean, right: boolean): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 2,
    nulls: 'strict',
    fn: ([s, chars]) => {
      if (!isString(s) || (chars !== undefined && !isString(chars))) return null;
      return trim(s, chars ?? WHITESPACE, left, right);
    },
  };
}

/** Go `strings.Split(s, sep)`: an empty separator splits into code points. */
function split(s: string, sep: string): string[] {
  return sep === '' ? Array.from(s) : s.split(sep);
}

/**
 * Go `strings.Replace(s, old, repl, n)`: at most `n` replacements, all when `n` < 0; an empty
 * `old` matches at the start and after each code point.
 */
function replace(s: string, old: string, repl: string, n: number): string {
  if (n === 0 || old === repl) return s;
  if (old === '') {
    const cps = Array.from(s);
    let out = '';
    let done = 0;
    for (let i = 0; i <= cps.length; i++) {
      if (n < 0 || done < n) {
        out += repl;
        done++;
      }
      if (i < cps.length) out += cps[i];
    }
    return out;
  }
  if (n < 0) return s.split(old).join(repl);
  let out = '';
  let from = 0;
  for (let done = 0; done < n; done++) {
    const at = s.indexOf(old, from);
    if (at < 0) break;
    out += s.slice(from, at) + repl;
    from = at + old.length;
  }
  return out + s.slice(from);
}

/** U+FFFD or a lone surrogate: what Go sees as `utf8.RuneError`. */
const RUNE_ERROR = /^(?:\ufffd|[\ud800-\udfff])$/;

/**
 * Reverses code points, keeping combining marks (Mn, Mc, Me) after their base character, and
 * leaves out U+FFFD (and lone surrogates): the reference skips every `utf8.RuneError` rune,
 * a genuine U+FFFD included, and marks right after one start a new cluster.
 * Source: couchbase/query `util` `ReversePreservingCombiningCharacters` (Reverse.Evaluate).
 */
function reverse(s: string): string {
  const clusters: string[] = [];
  let attach = false;
  for (const ch of s) {
    if (RUNE_ERROR.test(ch)) {
      attach = false;
      continue;
    }
    if (attach && /^\p{M}$/u.test(ch)) clusters[clusters.length - 1] += ch;
    else clusters.push(ch);
    attach = true;
  }
  return clusters.reverse().join('');
}

export const stringEditFunctions: FunctionDef[] = [
  /** LTRIM(s [, chars]): removes leading characters in the set `chars` (default white space). */
  trimDef('LTRIM', true, false),
  /** RTRIM(s [, chars]): removes trailing characters in the set `chars`. */
  trimDef('RTRIM', false, true),
  /** TRIM(s [, chars]): LTRIM and RTRIM. */
  trimDef('TRIM', true, true),
  {
    /** SPLIT(s [, sep]): without `sep`, the runs between Unicode white space (Go `strings.Fields`). */
    name: 'SPLIT',
    minArgs: 1,
    maxArgs: 2,
    nulls: 'strict',
    fn: ([s, sep]) => {
      if (!isString(s) || (sep !== undefined && !isString(sep))) return null;
      return sep === undefined ? goFields(s) : split(s, sep);
    },
  },
  {
    /** REPLACE(s, old, new [, n]): `n` must be an integer; negative or absent replaces all. */
    name: 'REPLACE',
    minArgs: 3,
    maxArgs: 4,
    nulls: 'strict',
    fn: ([s, old, repl, n]) => {
      if (!isString(s) || !isString(old) || !isString(repl)) return null;
      if (n !== undefined && !isInt(n)) return null;
      return replace(s, old, repl, n ?? -1);
    },
  },
  {
    /** REPEAT(s, n): `n` a non-negative integer, else NULL; results over 20 MiB are an error. */
    name: 'REPEAT',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'strict',
    fn: ([s, n]): Value => {
      if (!isString(s) || !isInt(n) || n < 0) return null;
      checkResultSize('repeat()', utf8Length(s) * n);
      return s.repeat(n);
    },
  },
  {
    /** REVERSE(s): code points in reverse order, combining marks kept with their base, U+FFFD left out. */
    name: 'REVERSE',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (isString(s) ? reverse(s) : null),
  },
  {
    /** TITLE(s), alias INITCAP: Go `strings.Title(strings.ToLower(s))` ("N1QL is" → "N1ql Is"). */
    name: 'TITLE',
    aliases: ['INITCAP'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([s]) => (isString(s) ? goTitle(s) : null),
  },
];
