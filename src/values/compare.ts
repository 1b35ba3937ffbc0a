import { collate } from './collate.js';
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
      let sawNull = false;
      for (let i = 0; i < x.length; i++) {
        const e = equals(x[i], y[i]);
        if (e === false) return false;
        if (e !== true) sawNull = true;
      }
      return sawNull ? null : true;
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
      return a === b;
  }
}

/**
 * Three-valued ordering of `<`, `<=`, `>`, `>=`: MISSING if either side is MISSING, else NULL
 * if either is NULL, else the collation order (so values of different kinds compare by kind).
 * Source: couchbase/query `expression/comp_lt.go`.
 * @returns a number (<0, 0, >0), or MISSING/NULL
 */
export function compare(a: Value, b: Value): number | null | undefined {
  if (a === undefined || b === undefined) return undefined;
  if (a === null || b === null) return null;
  return collate(a, b);
}
