import { describe, expect, it } from 'vitest';
import { compare, equals, type Value } from '../../../src/values/index.js';

const M = undefined;

describe('equals (three-valued =)', () => {
  const rows: [Value, Value, boolean | null | undefined][] = [
    [M, 1, M],
    [1, M, M],
    [M, null, M],
    [null, 1, null],
    [null, null, null],
    [1, 1.0, true],
    [1, '1', false],
    ['a', 'a', true],
    [true, true, true],
    [[1, 2], [1, 2], true],
    [[1, null], [1, null], null],
    [[1, null], [2, null], false],
    [{ a: 1 }, { a: 1 }, true],
    [{ a: null }, { a: null }, null],
    [{ a: 1 }, { b: 1 }, false],
    [[1], { a: 1 }, false],
  ];
  for (const [a, b, r] of rows) {
    it(`${JSON.stringify(a) ?? 'MISSING'} = ${JSON.stringify(b) ?? 'MISSING'} is ${JSON.stringify(r) ?? 'MISSING'}`, () => {
      expect(equals(a, b)).toBe(r);
    });
  }
});

describe('compare (three-valued ordering)', () => {
  it('is MISSING when either side is MISSING, else NULL when either is NULL', () => {
    expect(compare(M, null)).toBe(M);
    expect(compare(null, M)).toBe(M);
    expect(compare(null, 1)).toBe(null);
    expect(compare('a', null)).toBe(null);
  });
  it('orders different kinds by collation', () => {
    expect(compare(1, 'a')).toBeLessThan(0);
    expect(compare(true, 0)).toBeLessThan(0);
    expect(compare([1], 'z')).toBeGreaterThan(0);
  });
});
