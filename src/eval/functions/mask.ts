/**
 * MASK(s [, options]): `s` with a run of characters replaced by a mask. Reference:
 * couchbase/query `expression/func_str.go` `Mask`; every rule below was found by asking the
 * reference engine (its suite: `test/filestore/test_cases/string_functions`).
 *
 * Options (all optional): `mask` (default `"********"`; an empty one counts as absent),
 * `anchor` (`"start"` (default), `"end"`, a number of characters from the start, a negative
 * number from the end, or a text whose first occurrence is where the mask starts), `length`
 * (`"mask"` (default): the source on the far side of the mask is dropped; `"source"`: the
 * mask is cut to the source and the rest of the source kept), `hole` (a mask character that
 * lets the source character under it through; default a space) and `inject` (a mask character written as is
 * without covering a source character). Characters are code points. An anchor outside the
 * source, or a text not found, leaves `s` unchanged.
 *
 * 'strict' (MISSING argument → MISSING, else NULL → NULL); a non-string `s` or non-object
 * options give NULL.
 */
import { isObject, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isString, strictFn } from './support.js';

const DEFAULT_MASK = '********';

function firstChar(o: ObjectValue, name: string): string | undefined {
  const v = o[name];
  return isString(v) && v !== '' ? String.fromCodePoint(v.codePointAt(0)!) : undefined;
}

/** Writes `mask` over `src` from position `at` (consuming at most `limit` source characters). */
function overlay(src: string[], mask: string[], at: number, hole: string | undefined, inject: string | undefined, limit: number) {
  let out = '';
  let pos = at;
  for (const m of mask) {
    if (m === inject) {
      out += m;
      continue;
    }
    if (pos >= limit) break;
    out += m === hole ? (src[pos] ?? '') : m;
    pos++;
  }
  return { out, end: pos };
}

function mask(s: string, o: ObjectValue): string {
  const src = [...s];
  const len = src.length;
  const m = isString(o.mask) && o.mask !== '' ? [...o.mask] : [...DEFAULT_MASK];
  const keepSource = o.length === 'source';
  const hole = firstChar(o, 'hole') ?? ' ';
  const inject = firstChar(o, 'inject');
  const anchor = Object.hasOwn(o, 'anchor') ? o.anchor : 'start';
  let start: number | undefined;
  let end: number | undefined;
  if (anchor === 'end') end = len;
  else if (typeof anchor === 'number' && Number.isInteger(anchor)) {
    if (anchor >= 0) start = anchor;
    else end = len + anchor;
  } else if (anchor === 'start' || !isString(anchor)) start = 0;
  else {
    const at = s.indexOf(anchor);
    if (at < 0) return s;
    start = [...s.slice(0, at)].length;
  }
  if (start !== undefined) {
    if (start > len) return s;
    const { out, end: stop } = overlay(src, m, start, hole, inject, keepSource ? len : Infinity);
    return src.slice(0, start).join('') + out + (keepSource ? src.slice(stop).join('') : '');
  }
  // Anchored at its end: the covering characters of the mask end at `end`.
  if (end! < 0) return s;
  const covering = m.filter((c) => c !== inject).length;
  let from = end! - covering;
  let used = m;
  if (keepSource && from < 0) {
    // Drop the mask's first characters that would fall before the source.
    let drop = -from;
    let k = 0;
    while (drop > 0 && k < m.length) {
      if (m[k] !== inject) drop--;
      k++;
    }
    used = m.slice(k);
    from = 0;
  }
  const { out } = overlay(src, used, Math.max(0, from), hole, inject, Infinity);
  return (keepSource ? src.slice(0, Math.max(0, from)).join('') : '') + out + src.slice(end).join('');
}

export const maskFunctions: FunctionDef[] = [
  strictFn('MASK', 1, 2, ([s, o]) => isString(s) && (o === undefined || isObject(o)), ([s, o]) => mask(s as string, (o as ObjectValue | undefined) ?? {})),
];
