import { truth, type Value } from '../values/index.js';

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
