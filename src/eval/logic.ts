import { equals, truth, type Value } from '../values/index.js';

/**
 * Three-valued AND over already evaluated operands: FALSE if any operand is a valued non-true
 * value, else MISSING if any is MISSING, else NULL if any is NULL, else TRUE.
 * Source: couchbase/query `expression/logic_and.go`.
 */
export function and3(a: Value, b: Value): Value {
  const av = a !== undefined && a !== null;
  const bv = b !== undefined && b !== null;
  if ((av && !truth(a)) || (bv && !truth(b))) return false;
  if (a === undefined || b === undefined) return undefined;
  if (a === null || b === null) return null;
  return true;
}

/**
 * Three-valued OR: TRUE if any operand is true, else NULL if any is NULL, else MISSING if any is
 * MISSING, else FALSE. Source: couchbase/query `expression/logic_or.go`.
 */
export function or3(a: Value, b: Value): Value {
  if (truth(a) || truth(b)) return true;
  if (a === null || b === null) return null;
  if (a === undefined || b === undefined) return undefined;
  return false;
}

/** Three-valued NOT: MISSING and NULL stay, valued operands give the negation of their truth. */
export function not3(a: Value): Value {
  if (a === undefined || a === null) return a;
  return !truth(a);
}

/**
 * `v IN arr`: TRUE if some element equals `v`; else NULL if `v` or an element is NULL (so
 * NULL IN [] is FALSE), else FALSE; MISSING if either side is; NULL when `arr` is not an array.
 * An element whose equality with `v` is NULL because NULLs are nested in them
 * (`[1, null] IN [[1, null]]`) counts as not found. Source: couchbase/query `expression/coll_in.go`.
 */
export function in3(v: Value, arr: Value): Value {
  if (v === undefined || arr === undefined) return undefined;
  if (!Array.isArray(arr)) return null;
  if (v === null) return arr.length > 0 ? null : false;
  let sawNull = false;
  let sawMissing = false;
  for (const el of arr) {
    if (el === null) sawNull = true;
    else if (el === undefined) sawMissing = true;
    else if (equals(v, el) === true) return true;
  }
  // The reference: `1 IN [MISSING, null]` is NULL, `1 IN [MISSING, 2]` MISSING.
  return sawNull ? null : sawMissing ? undefined : false;
}
