import type { Value } from '../values/index.js';

/**
 * Arithmetic and string operators with N1QL's rules: MISSING if an operand is MISSING, else
 * NULL if an operand is NULL or not a number (not a string for `||`); division or modulo by
 * zero gives NULL (the caller warns for `/`); other results are IEEE doubles, NaN and
 * ±Infinity included (`1e308 * 10` is +Infinity, `POSINF() - POSINF()` NaN), as the reference's
 * float arithmetic. Source: couchbase/query `expression/arith_*.go`, `value/float.go`.
 */
export type ArithOp = '+' | '-' | '*' | '/' | '%';

export function arith(op: ArithOp, a: Value, b: Value): Value {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
  }
}

/** Unary minus. */
export function negate(a: Value): Value {
  if (a === undefined) return undefined;
  return typeof a === 'number' ? (a === 0 ? 0 : -a) : null;
}

/** String concatenation `||`. */
export function concat(a: Value, b: Value): Value {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  return a + b;
}
