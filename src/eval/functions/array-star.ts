/**
 * ARRAY_STAR(a), also written `a[*]`: an array of objects turned into an object of arrays.
 * Reference: couchbase/query `expression/func_array.go` `ArrayStar`, checked against the
 * reference engine. The result has one field per name found in any object element, each an
 * array as long as `a` holding that field of each element in turn (NULL where an element lacks
 * it or is not an object); `[]` (or an array without objects) gives `{}`. MISSING → MISSING;
 * anything but an array → NULL.
 */
import { isObject, sortedNames, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

/** The ARRAY_STAR of an array. */
export function arrayStar(a: Value[]): ObjectValue {
  const names = new Set<string>();
  for (const e of a) if (isObject(e)) for (const n of Object.keys(e)) names.add(n);
  const out: ObjectValue = {};
  for (const n of sortedNames(Object.fromEntries([...names].map((x) => [x, null])))) {
    const column = a.map((e) => (isObject(e) && Object.hasOwn(e, n) ? e[n] : null));
    Object.defineProperty(out, n, { value: column, writable: true, enumerable: true, configurable: true });
  }
  return out;
}

export const arrayStarFunctions: FunctionDef[] = [
  {
    name: 'ARRAY_STAR',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([a]) => (a === undefined ? undefined : Array.isArray(a) ? arrayStar(a) : null),
  },
];
