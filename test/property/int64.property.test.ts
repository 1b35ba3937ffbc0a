/**
 * Property tests of int64 values past 2^53 (src/values/int64.ts): for random int64s, the bitwise
 * functions equal BigInt two's-complement arithmetic, collation and equality agree with BigInt
 * comparison, and `+ - *` are exact within int64 (past it: the double operation), as the
 * reference's int64 values behave.
 * Runs: TOKENQL_PROPERTY_RUNS (default 300). fast-check prints the seed and path of a failure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arith } from '../../src/eval/arith.js';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { propertyParameters } from '../../src/testing/index.js';
import { collate, compare, equals, fromExact, int64Of, type Value } from '../../src/values/index.js';

const params = propertyParameters<unknown>(300);
const ctx = { warn: () => {}, now: 0 };

/** Random int64s, biased to the edges (around 0, ±2^53, ±2^63). */
const int64 = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: -(2n ** 54n), max: 2n ** 54n }),
  fc.constantFrom(0n, 1n, -1n, 2n ** 53n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 2n ** 63n - 1n, -(2n ** 63n)),
);

/** An int64 as a N1QL value: a double when one holds it exactly, else a bigint. */
const value = (n: bigint): Value => fromExact(n);

function fn(name: string, ...args: Value[]): Value {
  return callFunction(lookupFunction(name)!, args, ctx);
}

/** The exact int64 a result value stands for (it must be one). */
function exact(v: Value): bigint {
  const n = int64Of(v);
  if (n === undefined) throw new Error(`not an int64: ${String(v)}`);
  return n;
}

const wrap = (n: bigint): bigint => BigInt.asIntN(64, n);

describe('int64 values (property)', () => {
  it('BITAND / BITOR / BITXOR / BITNOT equal BigInt two\'s complement', () => {
    fc.assert(
      fc.property(int64, int64, (a, b) => {
        expect(exact(fn('BITAND', value(a), value(b)))).toBe(wrap(a & b));
        expect(exact(fn('BITOR', value(a), value(b)))).toBe(wrap(a | b));
        expect(exact(fn('BITXOR', value(a), value(b)))).toBe(wrap(a ^ b));
        expect(exact(fn('BITNOT', value(a)))).toBe(wrap(~a));
      }),
      params,
    );
  });

  it('BITSHIFT is the logical shift of the 64 bits; ISBITSET reads them', () => {
    fc.assert(
      fc.property(int64, fc.integer({ min: -70, max: 70 }), fc.integer({ min: 1, max: 64 }), (a, k, p) => {
        const u = BigInt.asUintN(64, a);
        const shifted = k >= 64 || k <= -64 ? 0n : k >= 0 ? u << BigInt(k) : u >> BigInt(-k);
        expect(exact(fn('BITSHIFT', value(a), k))).toBe(wrap(shifted));
        expect(fn('ISBITSET', value(a), p)).toBe(((u >> BigInt(p - 1)) & 1n) === 1n);
        expect(exact(fn('BITSET', value(a), p))).toBe(wrap(a | (1n << BigInt(p - 1))));
        expect(exact(fn('BITCLEAR', value(a), p))).toBe(wrap(a & ~(1n << BigInt(p - 1))));
      }),
      params,
    );
  });

  it('collation, comparison and equality agree with BigInt comparison', () => {
    fc.assert(
      fc.property(int64, int64, (a, b) => {
        const want = a < b ? -1 : a > b ? 1 : 0;
        expect(Math.sign(collate(value(a), value(b)))).toBe(want);
        expect(Math.sign(compare(value(a), value(b)) as number)).toBe(want);
        expect(equals(value(a), value(b))).toBe(a === b);
      }),
      params,
    );
  });

  it('+ - * are exact within int64, else the double operation', () => {
    fc.assert(
      fc.property(int64, int64, (a, b) => {
        for (const [op, r, d] of [
          ['+', a + b, Number(a) + Number(b)],
          ['-', a - b, Number(a) - Number(b)],
          ['*', a * b, Number(a) * Number(b)],
        ] as const) {
          const got = arith(op, value(a), value(b));
          if (r >= -(2n ** 63n) && r < 2n ** 63n) expect(exact(got)).toBe(r);
          else expect(got).toBe(d);
        }
      }),
      params,
    );
  });
});
