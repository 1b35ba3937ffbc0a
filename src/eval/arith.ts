import { fromExact, inInt64Range, int64Of, TWO_53, type Value } from '../values/index.js';

/**
 * Arithmetic and string operators with N1QL's rules: MISSING if an operand is MISSING, else
 * NULL if an operand is NULL or not a number (not a string for `||`); division or modulo by
 * zero gives NULL (the caller warns for `/`); other results are IEEE doubles, NaN and
 * ±Infinity included (`1e308 * 10` is +Infinity, `POSINF() - POSINF()` NaN), as the reference's
 * float arithmetic — except `+`, `-` and `*` of two int64 values (bigints, or integral doubles
 * in (-2^63, 2^63)), which are exact as the reference's int64 arithmetic
 * (`9007199254740993 + 2` is 9007199254740995); a result past the int64 range is the double of
 * the float operation (`9223372036854775807 + 1` is 2^63). `/` and `%` are float operations
 * (`9007199254740993 % 2` is 0 in the reference).
 * Source: couchbase/query `expression/arith_*.go`, `value/float.go`, `value/int.go`; asked of the reference.
 */
export type ArithOp = '+' | '-' | '*' | '/' | '%';

export function arith(op: ArithOp, a: Value, b: Value): Value {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a !== 'number' || typeof b !== 'number') {
    if ((typeof a !== 'number' && typeof a !== 'bigint') || (typeof b !== 'number' && typeof b !== 'bigint')) return null;
    return wideArith(op, a, b);
  }
  switch (op) {
    case '+': {
      const s = a + b;
      // Below 2^53 in magnitude the double result is the exact one.
      return s < TWO_53 && s > -TWO_53 ? s : wideArith(op, a, b, s);
    }
    case '-': {
      const s = a - b;
      return s < TWO_53 && s > -TWO_53 ? s : wideArith(op, a, b, s);
    }
    case '*': {
      const s = a * b;
      return s < TWO_53 && s > -TWO_53 ? s : wideArith(op, a, b, s);
    }
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
  }
}

/**
 * `a op b` when an operand is a bigint or the double result is 2^53 or more in magnitude:
 * exact int64 arithmetic when both are int64 values and the result stays in int64, else the
 * double operation (`float` when the caller has it).
 */
function wideArith(op: ArithOp, a: number | bigint, b: number | bigint, float?: number): Value {
  if (op === '+' || op === '-' || op === '*') {
    const x = int64Of(a);
    const y = int64Of(b);
    if (x !== undefined && y !== undefined) {
      const r = op === '+' ? x + y : op === '-' ? x - y : x * y;
      if (inInt64Range(r)) return fromExact(r);
    }
  }
  if (float !== undefined) return float;
  return arith(op, Number(a), Number(b));
}

/** Unary minus (of a bigint: exact; of -2^63, a double, 2^63). */
export function negate(a: Value): Value {
  if (a === undefined) return undefined;
  if (typeof a === 'bigint') return -a;
  return typeof a === 'number' ? (a === 0 ? 0 : -a) : null;
}

/** String concatenation `||`. */
export function concat(a: Value, b: Value): Value {
  if (a === undefined || b === undefined) return undefined;
  if (typeof a !== 'string' || typeof b !== 'string') return null;
  return a + b;
}
