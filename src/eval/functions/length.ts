/**
 * LEN(v) and MB_LEN(v): the length of any value. Reference: couchbase/query
 * `expression/func_str.go` (registry names `len`, `mb_len`), checked against the reference
 * engine: a string's length in UTF-8 bytes (LEN) or code points (MB_LEN); an array's element
 * count; an object's field count; a number's length as TO_STRING writes it (`LEN(12.34)` is 5,
 * `LEN(1e21)` 22); a boolean 1. 'strict' (MISSING → MISSING, NULL → NULL).
 */
import { isObject, type Value } from '../../values/index.js';
import { formatNumber } from './convert.js';
import type { FunctionDef } from './function-def.js';
import { codePointLength, strictFn, utf8Length } from './support.js';

function lengthOf(v: Value, stringLength: (s: string) => number): number {
  if (typeof v === 'string') return stringLength(v);
  if (typeof v === 'number' || typeof v === 'bigint') return formatNumber(v).length;
  if (typeof v === 'boolean') return 1;
  if (Array.isArray(v)) return v.length;
  return isObject(v) ? Object.keys(v).length : 0;
}

export const lengthFunctions: FunctionDef[] = [
  strictFn('LEN', 1, 1, () => true, ([v]) => lengthOf(v, utf8Length)),
  strictFn('MB_LEN', 1, 1, () => true, ([v]) => lengthOf(v, codePointLength)),
  /** SUFFIXES(s): `s` and each of its suffixes by code point, longest first (`[]` for ""); a non-string gives NULL. */
  strictFn('SUFFIXES', 1, 1, ([s]) => typeof s === 'string', ([s]) => {
    const chars = [...(s as string)];
    return chars.map((_, i) => chars.slice(i).join(''));
  }),
];
