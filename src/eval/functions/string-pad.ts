/**
 * Padding: LPAD, RPAD (lengths in UTF-8 bytes, as Go's `len`) and MB_LPAD, MB_RPAD (lengths in
 * code points). Reference: couchbase/query `expression/func_str.go` (`LPad`, `RPad`), checked
 * against the reference engine.
 *
 * xPAD(s, n [, pad]): `s` padded on the left/right with repetitions of `pad` (default one space)
 * to exactly `n` units, or cut to its first `n` units when longer. 'strict' (MISSING argument →
 * MISSING, else NULL → NULL); a non-string `s` or `pad`, an empty `pad`, or an `n` that is not
 * a non-negative integer gives NULL. The byte forms cut characters apart; each byte of a cut
 * character comes out as U+FFFD, as the reference prints it.
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { codePointLength, isInt, isString, strictFn, utf8Length, utf8Slice } from './support.js';

/** The first `n` code points of `s`. */
function codePointPrefix(s: string, n: number): string {
  let out = '';
  let k = 0;
  for (const ch of s) {
    if (k++ >= n) break;
    out += ch;
  }
  return out;
}

interface Units {
  length(s: string): number;
  /** The first `n` units of `s`. */
  prefix(s: string, n: number): string;
}

const BYTES: Units = { length: utf8Length, prefix: (s, n) => utf8Slice(s, 0, n) };
const CODE_POINTS: Units = { length: codePointLength, prefix: codePointPrefix };

function padFn(name: string, units: Units, left: boolean): FunctionDef {
  const accepts = ([s, n, pad]: Value[]) => isString(s) && isInt(n) && n >= 0 && (pad === undefined || (isString(pad) && pad !== ''));
  return strictFn(name, 2, 3, accepts, ([s, n, p]) => {
    const str = s as string;
    const size = n as number;
    const pad = (p as string | undefined) ?? ' ';
    const have = units.length(str);
    if (have >= size) return units.prefix(str, size);
    const need = size - have;
    const fill = units.prefix(pad.repeat(Math.ceil(need / units.length(pad))), need);
    return left ? fill + str : str + fill;
  });
}

export const stringPadFunctions: FunctionDef[] = [
  padFn('LPAD', BYTES, true),
  padFn('RPAD', BYTES, false),
  padFn('MB_LPAD', CODE_POINTS, true),
  padFn('MB_RPAD', CODE_POINTS, false),
];
