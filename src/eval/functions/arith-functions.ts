/**
 * The function forms of the arithmetic operators: ADD and MULT (2 or more arguments), SUB, DIV,
 * MOD (2), NEG (1), which behave as `+`, `*`, `-`, `/`, `%` and unary `-`; and IDIV, IMOD, which
 * have no operator: integer division and remainder of the operands truncated to int64 (exact for
 * int64s past 2^53: IDIV(9007199254740993, 1) is 9007199254740993).
 * Any MISSING argument gives MISSING, else any NULL or non-number NULL. Division by zero (DIV,
 * IDIV, including a divisor that truncates to 0) gives NULL with the warning 5036 "Division by 0.";
 * MOD and IMOD by zero give NULL without one.
 * Source: couchbase/query `expression/arith_*.go`, `value/integer.go`, `value/float.go` (IDiv, IMod).
 */
import { ErrorCode } from '../../errors/index.js';
import { fromWrapped, isNumber, type NumberValue, type Value } from '../../values/index.js';
import { arith, negate, type ArithOp } from '../arith.js';
import type { FunctionDef } from './function-def.js';

const DIVISION_BY_ZERO = 'Division by 0.';
const TWO_63 = 2 ** 63;

/** MISSING if any argument is, else NULL if any is not a number, else the numbers. */
function numbers(args: Value[]): NumberValue[] | null | undefined {
  if (args.includes(undefined)) return undefined;
  return args.every(isNumber) ? (args as NumberValue[]) : null;
}

/** Go's `int64(f)` on amd64: truncation; NaN and values outside the int64 range give -2^63 (a bigint is an int64 already). */
function goInt64(f: NumberValue): bigint {
  if (typeof f === 'bigint') return f;
  return Number.isNaN(f) || f >= TWO_63 || f < -TWO_63 ? -(2n ** 63n) : BigInt(Math.trunc(f));
}

/** ADD / MULT: `op` folded left over 2 or more numbers. */
function folded(name: string, op: ArithOp): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: (args) => {
      const xs = numbers(args);
      if (xs === undefined || xs === null) return xs;
      return xs.slice(1).reduce<Value>((s, x) => arith(op, s, x), xs[0]);
    },
  };
}

/** IDIV / IMOD: `op` on the operands truncated to int64 (exact, wrapped to 64 bits). */
function integer(name: string, op: (a: bigint, b: bigint) => bigint, warns: boolean): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: (args, ctx) => {
      const xs = numbers(args);
      if (xs === undefined || xs === null) return xs;
      const b = goInt64(xs[1]);
      if (b === 0n) {
        if (warns) ctx.warn(DIVISION_BY_ZERO, ErrorCode.WARN_DIVISION_BY_ZERO);
        return null;
      }
      return fromWrapped(op(goInt64(xs[0]), b));
    },
  };
}

export const arithFunctions: FunctionDef[] = [
  /** ADD(a, b, …): a + b + …. */
  folded('ADD', '+'),
  /** MULT(a, b, …): a * b * …. */
  folded('MULT', '*'),
  {
    /** SUB(a, b): a - b. */
    name: 'SUB',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => arith('-', a, b),
  },
  {
    /** DIV(a, b): a / b; by zero: NULL and the warning 5036 (unless an operand is MISSING). */
    name: 'DIV',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b], ctx) => {
      if (b === 0 && a !== undefined) ctx.warn(DIVISION_BY_ZERO, ErrorCode.WARN_DIVISION_BY_ZERO);
      return arith('/', a, b);
    },
  },
  {
    /** MOD(a, b): a % b (the sign of `a`; fractions kept: MOD(7.5, 2) = 1.5); by zero: NULL. */
    name: 'MOD',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => arith('%', a, b),
  },
  {
    /** NEG(a): -a. */
    name: 'NEG',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([a]) => negate(a),
  },
  /** IDIV(a, b): int64(a) / int64(b), truncated towards zero (IDIV(-7.9, 2) = -3); by zero: NULL and warning 5036. */
  integer('IDIV', (a, b) => a / b, true),
  /** IMOD(a, b): int64(a) % int64(b), the sign of `a` (IMOD(10.5, 7) = 3); by zero: NULL. */
  integer('IMOD', (a, b) => a % b, false),
];
