/**
 * Array functions, part 2: set-like operations. Reference: couchbase/query
 * `expression/func_array.go`. All are 'strict' (MISSING arg → MISSING, else NULL arg → NULL)
 * and give NULL when an array argument is not an array.
 *
 * Distinctness is N1QL equivalence (`equivalent`: same kind and content). Where the reference
 * returns a Go map's iteration order (ARRAY_UNION, ARRAY_INTERSECT) we return elements in
 * order of first appearance (docs/functions.md).
 */
import { equals, equivalent, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isArrayValue, strictFn } from './support.js';

/** Distinct elements by equivalence, in order of first appearance. */
function distinct(items: Iterable<Value>): Value[] {
  const out: Value[] = [];
  for (const v of items) if (!out.some((o) => equivalent(o, v))) out.push(v);
  return out;
}

function hasEquivalent(a: Value[], v: Value): boolean {
  return a.some((e) => equivalent(e, v));
}

/** A strict function of arrays only. */
function arraysFn(name: string, min: number, max: number, body: (arrays: Value[][]) => Value, aliases?: string[]): FunctionDef {
  return strictFn(name, min, max, (args) => args.every(isArrayValue), (args) => body(args as Value[][]), aliases);
}

/** A strict function of an array and values (the values may be of any kind). */
function arrayAndValues(name: string, body: (a: Value[], vs: Value[]) => Value, aliases?: string[]): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'strict',
    fn: ([a, ...vs]) => (isArrayValue(a) ? body(a, vs) : null),
  };
}

export const arraySetFunctions: FunctionDef[] = [
  /** ARRAY_DISTINCT(a): distinct elements, first occurrences kept in order. */
  arraysFn('ARRAY_DISTINCT', 1, 1, ([a]) => distinct(a)),
  /** ARRAY_UNION(a1, a2, …): distinct elements of all the arrays. */
  arraysFn('ARRAY_UNION', 2, Infinity, (arrays) => distinct(arrays.flat(1) as Value[])),
  /**
   * ARRAY_INTERSECT(a1, a2, …): distinct elements present in every array, NULL and MISSING left out.
   * Source: couchbase/query `expression/func_array.go` `ArrayIntersect` (only elements above
   * NULL go into its bag).
   */
  arraysFn('ARRAY_INTERSECT', 2, Infinity, ([first, ...others]) =>
    distinct(first).filter((v) => v !== null && v !== undefined && others.every((o) => hasEquivalent(o, v))),
  ),
  /** ARRAY_EXCEPT(a, b): elements of `a` (duplicates kept) not present in `b`. */
  arraysFn('ARRAY_EXCEPT', 2, 2, ([a, b]) => a.filter((v) => !hasEquivalent(b, v))),
  /**
   * ARRAY_REMOVE(a, v1, …): `a` without the elements = any `v`. A NULL `v` makes the result
   * NULL (strict), as in the reference.
   */
  arrayAndValues('ARRAY_REMOVE', (a, vs) => a.filter((e) => !vs.some((v) => equals(e, v) === true))),
  /**
   * ARRAY_PUT(a, v1, …): each `v` not already an element (= to one of `a`'s original
   * elements) appended. Aliases ARRAY_ADD, ARRAY_UPSERT as in the reference registry.
   */
  arrayAndValues(
    'ARRAY_PUT',
    (a, vs) => [...a, ...vs.filter((v) => !a.some((e) => equals(v, e) === true))],
    ['ARRAY_ADD', 'ARRAY_UPSERT'],
  ),
];
