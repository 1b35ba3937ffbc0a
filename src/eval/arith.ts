import type { Value } from '../values/index.js';

/**
 * Arithmetic and string operators with N1QL's rules: MISSING if an operand is MISSING, else
 * NULL if an operand is NULL or not a number (not a string for `||`); division or modulo by
 * zero and non-finite results give NULL. Source: couchbase/query `expression/arith_*.go`.
 */
export type ArithOp = '+' | '-' | '*' | '/' | '%';

function finite(n: number): Value {
  return Number.isFinite(n) ? n : null;
}

export function arith(op: ArithOp, a: Value, b: Value): Value {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a !== 'number' || typeof b !== 'number') return null;
  switch (op) {
    case '+':
      return finite(a + b);
    case '-':
      return finite(a - b);
    case '*':
      return finite(a * b);
    case '/':
      return b === 0 ? null : finite(a / b);
    case '%':
      return b === 0 ? null : finite(a % b);
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
