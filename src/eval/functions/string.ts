/**
 * String functions, part 1: case, length, search, substrings and concatenation.
 * Reference: couchbase/query `expression/func_str.go`, `concat.go`; docs `stringfun.adoc`.
 *
 * The reference works on UTF-8 bytes: LENGTH, POSITION and SUBSTR count bytes (Go `len`,
 * `strings.Index`, `s[i:j]`); the MB_ variants count code points. All functions here are
 * 'strict' (MISSING arg → MISSING, else NULL arg → NULL) and give NULL for a wrong-typed arg.
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { codePointLength, goLower, goUpper, isInt, isString, strictFn, utf8Length, utf8Offset, utf8Slice } from './support.js';

/** A strict function of string arguments only. */
function strFn(name: string, arity: number, body: (s: string[]) => Value, aliases?: string[]): FunctionDef {
  return strictFn(name, arity, arity, (args) => args.every(isString), (args) => body(args as string[]), aliases);
}

/** POSITION0/1 and MB_ variants: first occurrence or -1, plus `base`; bytes unless `mb`. */
function position(s: string, sub: string, mb: boolean, base: number): number {
  const i = s.indexOf(sub);
  if (i < 0) return -1 + base;
  return (mb ? codePointLength(s.slice(0, i)) : utf8Offset(s, i)) + base;
}

/**
 * SUBSTR0/1 and MB_ variants (reference `strSubstrApply`): position is 0-based (1-based for
 * SUBSTR1, where 0 also means the first), negative counts from the end; a position outside
 * the string or a negative length gives NULL; the length is clipped to the end.
 */
function substr(args: Value[], mb: boolean, base: number): Value {
  const [s, p, n] = args;
  if (!isString(s) || !isInt(p) || (n !== undefined && !isInt(n))) return null;
  const len = mb ? codePointLength(s) : utf8Length(s);
  let pos = p;
  if (pos < 0) pos += len;
  else if (pos > 0 && base > 0) pos -= base;
  if (pos < 0 || pos >= len) return null;
  if (n !== undefined && n < 0) return null;
  const end = n === undefined ? len : Math.min(len, pos + n);
  if (!mb) return len === s.length ? s.slice(pos, end) : utf8Slice(s, pos, end);
  return Array.from(s).slice(pos, end).join('');
}

function substrDef(name: string, mb: boolean, base: number, aliases?: string[]): FunctionDef {
  return { name, aliases, minArgs: 2, maxArgs: 3, nulls: 'strict', fn: (args) => substr(args, mb, base) };
}

/** CONCAT2's arguments: strings and arrays of strings, flattened; undefined if one is not. */
function concat2Parts(args: Value[]): string[] | undefined {
  const parts: string[] = [];
  for (const a of args) {
    if (isString(a)) parts.push(a);
    else if (Array.isArray(a) && a.every(isString)) parts.push(...(a as string[]));
    else return undefined;
  }
  return parts;
}

export const stringFunctions: FunctionDef[] = [
  /** LOWER(s): Go `strings.ToLower`, simple per-code-point mapping. */
  strFn('LOWER', 1, ([s]) => goLower(s)),
  /** UPPER(s): Go `strings.ToUpper` (`ß` stays `ß`). */
  strFn('UPPER', 1, ([s]) => goUpper(s)),
  /** LENGTH(s): length in UTF-8 bytes, as the reference's `len(s)` (LENGTH("é") = 2). */
  strFn('LENGTH', 1, ([s]) => utf8Length(s)),
  /** MB_LENGTH(s): length in code points. */
  strFn('MB_LENGTH', 1, ([s]) => codePointLength(s)),
  /** CONTAINS(s, sub): true if `sub` is a substring of `s`. */
  strFn('CONTAINS', 2, ([s, sub]) => s.includes(sub)),
  /** POSITION(s, sub): 0-based byte position of the first `sub`, -1 if absent. */
  strFn('POSITION', 2, ([s, sub]) => position(s, sub, false, 0), ['POSITION0', 'POS', 'POS0']),
  /** POSITION1(s, sub): POSITION + 1, so 0 when absent (the reference adds 1 to -1 too). */
  strFn('POSITION1', 2, ([s, sub]) => position(s, sub, false, 1), ['POS1']),
  /** MB_POSITION(s, sub): 0-based code-point position, -1 if absent. */
  strFn('MB_POSITION', 2, ([s, sub]) => position(s, sub, true, 0), ['MB_POSITION0', 'MB_POS', 'MB_POS0']),
  /** MB_POSITION1(s, sub): 1-based code-point position, 0 if absent. */
  strFn('MB_POSITION1', 2, ([s, sub]) => position(s, sub, true, 1), ['MB_POS1']),
  /** SUBSTR(s, pos [, len]): byte-based, 0-based position. */
  substrDef('SUBSTR', false, 0, ['SUBSTR0']),
  /** SUBSTR1(s, pos [, len]): byte-based, 1-based position. */
  substrDef('SUBSTR1', false, 1),
  /** MB_SUBSTR(s, pos [, len]): code-point based, 0-based position. */
  substrDef('MB_SUBSTR', true, 0, ['MB_SUBSTR0']),
  /** MB_SUBSTR1(s, pos [, len]): code-point based, 1-based position. */
  substrDef('MB_SUBSTR1', true, 1),
  {
    /** CONCAT(s1, s2, …): at least two strings; a non-string gives NULL. */
    name: 'CONCAT',
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'strict',
    fn: (args) => (args.every(isString) ? (args as string[]).join('') : null),
  },
  {
    /**
     * CONCAT2(sep, a1, …): strings and arrays of strings, flattened and joined with `sep`;
     * a non-string argument or element gives NULL.
     */
    name: 'CONCAT2',
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'strict',
    fn: ([sep, ...rest]) => {
      const parts = concat2Parts(rest);
      return isString(sep) && parts ? parts.join(sep) : null;
    },
  },
];
