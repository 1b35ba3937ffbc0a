import { collate, compareObjects } from './collate.js';
import { Kind, kindOf, type ObjectValue, type Value } from './value.js';

/**
 * Three-valued equality of the `=` operator: MISSING if either side is MISSING, else NULL if
 * either side is NULL, else TRUE/FALSE. Arrays and objects compare element by element and give
 * NULL when an element comparison does. Values of different kinds are unequal.
 * Source: couchbase/query `value/*.go` `Equals`, `expression/comp_eq.go`.
 */
export function equals(a: Value, b: Value): boolean | null | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (a === null || b === null) return null;
  const ka = kindOf(a);
  if (ka !== kindOf(b)) return false;
  switch (ka) {
    case Kind.ARRAY: {
      const x = a as Value[];
      const y = b as Value[];
      if (x.length !== y.length) return false;
      // Any unequal element decides; else a MISSING element makes the result MISSING, a NULL one NULL.
      let sawNull = false;
      let sawMissing = false;
      for (let i = 0; i < x.length; i++) {
        const e = equals(x[i], y[i]);
        if (e === false) return false;
        if (e === undefined) sawMissing = true;
        else if (e !== true) sawNull = true;
      }
      return sawMissing ? undefined : sawNull ? null : true;
    }
    case Kind.OBJECT: {
      const x = a as ObjectValue;
      const y = b as ObjectValue;
      const kx = Object.keys(x);
      if (kx.length !== Object.keys(y).length) return false;
      let sawNull = false;
      for (const k of kx) {
        if (!(k in y)) return false;
        const e = equals(x[k], y[k]);
        if (e === false) return false;
        if (e !== true) sawNull = true;
      }
      return sawNull ? null : true;
    }
    default:
      // A bigint and a double by value (`==`), every other kind strictly.
      return a === b || (ka === Kind.NUMBER && a == b);
  }
}

/** The result of a comparison: a number (<0, 0, >0), NULL, or MISSING. */
export type Comparison = number | null | undefined;

const isZeroComparison = (c: Comparison): boolean => c === 0;

/**
 * Three-valued ordering of `<`, `<=`, `>`, `>=` and BETWEEN (N1QL `Compare`, not `Collate`):
 * MISSING if either side is MISSING, else NULL if either is NULL; values of different kinds
 * compare by kind; arrays and objects compare element by element like collation, but the first
 * element comparison that is not 0 decides, and when that is NULL (a NULL element met by a value
 * or by another NULL) the result is NULL: `[null] < [1]` and `[null, 1] < [null, 2]` are NULL,
 * `[1, null] < [2, null]` is TRUE. When the result is a number it has the sign of `collate`.
 * Source: couchbase/query `expression/comp_lt.go` (`first.Compare(second)`), `value/array.go`
 * `arrayCompare`, `value/object.go` `objectCompare`, `value/null.go` `nullValue.Compare`.
 * @returns a number (<0, 0, >0), or MISSING/NULL
 */
export function compare(a: Value, b: Value): Comparison {
  if (a === undefined || b === undefined) return undefined;
  if (a === null || b === null) return null;
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb || (ka !== Kind.ARRAY && ka !== Kind.OBJECT)) return collate(a, b);
  if (ka === Kind.ARRAY) {
    const x = a as Value[];
    const y = b as Value[];
    for (let i = 0; i < x.length; i++) {
      if (i >= y.length) return 1;
      const c = compare(x[i], y[i]);
      if (c !== 0) return c;
    }
    return x.length - y.length;
  }
  return compareObjects(a as ObjectValue, b as ObjectValue, compare, isZeroComparison);
}
