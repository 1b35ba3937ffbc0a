/**
 * Property tests of the number model: collation is a total order over numbers with NaN and
 * ±Infinity (NaN first, then -Infinity … +Infinity, value/float.go collateFloat), and the bitwise
 * functions obey the laws of 64-bit two's-complement integers where every value involved is
 * exactly representable (|x| < 2^53).
 * Runs: TOKENQL_PROPERTY_RUNS (default 500).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { collate, type Value } from '../../src/values/index.js';

const runs = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 500);
const call = (name: string, ...args: Value[]): Value => callFunction(lookupFunction(name)!, args, { warn: () => {}, now: 0 });
const anyNumber = fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, 0, -0));
const safeInt = fc.integer({ min: -(2 ** 31), max: 2 ** 31 }).chain((hi) => fc.integer({ min: 0, max: 2 ** 21 - 1 }).map((lo) => hi * 2 ** 21 + lo));

describe('number collation', () => {
  it('is a total order: antisymmetric, transitive, NaN first and +Infinity last', () => {
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (a, b, c) => {
        expect(Math.sign(collate(a, b))).toBe(-Math.sign(collate(b, a)) || 0);
        if (collate(a, b) <= 0 && collate(b, c) <= 0) expect(collate(a, c)).toBeLessThanOrEqual(0);
        if (!Number.isNaN(a)) expect(collate(NaN, a)).toBeLessThan(0);
        if (!Number.isNaN(a) && a !== Infinity) expect(collate(a, Infinity)).toBeLessThan(0);
      }),
      { numRuns: runs },
    );
  });
});

describe('bitwise functions on integers below 2^53', () => {
  it('BITNOT is an involution, BITXOR(x, x) is 0, AND/OR/XOR relate as on integers', () => {
    fc.assert(
      fc.property(safeInt, safeInt, (x, y) => {
        expect(call('BITNOT', call('BITNOT', x))).toBe(x);
        expect(call('BITXOR', x, x)).toBe(0);
        // x + y = (x XOR y) + 2 (x AND y), exactly when all values are below 2^53.
        expect((call('BITXOR', x, y) as number) + 2 * (call('BITAND', x, y) as number)).toBe(x + y);
        expect(call('BITOR', x, y)).toBe((call('BITXOR', x, y) as number) + (call('BITAND', x, y) as number));
      }),
      { numRuns: runs },
    );
  });

  it('rotating left then right by the same count gives the number back; a left shift by k multiplies by 2^k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 12 }), (x, k) => {
        expect(call('BITSHIFT', call('BITSHIFT', x, k, true), -k, true)).toBe(x);
        expect(call('BITSHIFT', x, k)).toBe(x * 2 ** k);
        expect(call('BITTEST', call('BITSET', x, k + 1), k + 1)).toBe(true);
        expect(call('BITTEST', call('BITCLEAR', x, k + 1), k + 1)).toBe(false);
      }),
      { numRuns: runs },
    );
  });
});
