/**
 * Array functions, part 4: moving elements. Reference: couchbase/query `expression/func_array.go`
 * (`ArraySwap`, `ArrayMove`), checked against the reference engine.
 *
 * Both are 'strict' (a MISSING argument gives MISSING, else a NULL one NULL). Positions are
 * integers counted from 0, negative ones from the end (-1 is the last); a non-array, a
 * position that is not an integer number, or one outside the array gives NULL.
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isArrayValue, isInt, strictFn } from './support.js';

/** A position in an array of `length` elements, or -1 when it is not one. */
function position(p: Value, length: number): number {
  if (!isInt(p)) return -1;
  const i = p < 0 ? length + p : p;
  return i >= 0 && i < length ? i : -1;
}

export const arrayReorderFunctions: FunctionDef[] = [
  /** ARRAY_SWAP(a, i, j): a copy of `a` with the elements at `i` and `j` exchanged. */
  strictFn('ARRAY_SWAP', 3, 3, ([a]) => isArrayValue(a), ([a, pi, pj]) => {
    const arr = a as Value[];
    const i = position(pi, arr.length);
    const j = position(pj, arr.length);
    if (i < 0 || j < 0) return null;
    const out = arr.slice();
    [out[i], out[j]] = [out[j], out[i]];
    return out;
  }),
  /** ARRAY_MOVE(a, from, to): a copy of `a` with the element at `from` taken out and put at `to`. */
  strictFn('ARRAY_MOVE', 3, 3, ([a]) => isArrayValue(a), ([a, pf, pt]) => {
    const arr = a as Value[];
    const from = position(pf, arr.length);
    const to = position(pt, arr.length);
    if (from < 0 || to < 0) return null;
    const out = arr.slice();
    const [moved] = out.splice(from, 1);
    out.splice(to, 0, moved);
    return out;
  }),
];
