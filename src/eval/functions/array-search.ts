/**
 * Array functions, part 3: membership of several values and binary search.
 * Reference: couchbase/query `expression/func_array.go` (`ArrayContainsAll`, `ArrayContainsAny`,
 * `ArrayBinarySearch`); every rule below was checked against the reference engine.
 */
import { collate, equals, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isArrayValue } from './support.js';

function contains(a: Value[], v: Value): boolean {
  return a.some((e) => equals(v, e) === true);
}

/**
 * ARRAY_CONTAINS_ALL / ARRAY_CONTAINS_ANY(a, v): whether `a` holds every / some of the values
 * of `v` (a non-array `v` counts as the one-element array `[v]`), by `=`; so a NULL element never
 * matches. A MISSING argument gives MISSING; else a non-array `a` or a NULL `v` gives NULL.
 */
function containsFn(name: string, every: boolean): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, v]) => {
      if (a === undefined || v === undefined) return undefined;
      if (!isArrayValue(a) || v === null || v === undefined) return null;
      const vs = isArrayValue(v) ? v : [v];
      return every ? vs.every((x) => contains(a, x)) : vs.some((x) => contains(a, x));
    },
  };
}

/**
 * ARRAY_BINARY_SEARCH(a, v): the position of `v` in `a`, which must be in collation order
 * (MISSING < NULL < … as ARRAY_SORT leaves it), by collation; the first of equal elements; -1
 * when absent. `v` may be MISSING or NULL (it is searched for); MISSING `a` gives MISSING, a
 * non-array `a` NULL.
 */
function binarySearch(a: Value[], v: Value): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (collate(a[mid], v) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo < a.length && collate(a[lo], v) === 0 ? lo : -1;
}

export const arraySearchFunctions: FunctionDef[] = [
  containsFn('ARRAY_CONTAINS_ALL', true),
  containsFn('ARRAY_CONTAINS_ANY', false),
  {
    name: 'ARRAY_BINARY_SEARCH',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, v]) => (a === undefined ? undefined : isArrayValue(a) ? binarySearch(a, v) : null),
  },
];
