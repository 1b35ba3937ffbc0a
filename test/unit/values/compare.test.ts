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
  // couchbase/query value/array.go arrayCompare, value/object.go objectCompare,
  // value/null.go nullValue.Compare: the first element comparison that is not 0 decides, and a
  // NULL one makes the whole comparison NULL.
  const nested: [Value, Value, number | null][] = [
    [[null], [1], null],
    [[1], [null], null],
    [[null, 1], [null, 2], null],
    [{ a: null }, { a: 1 }, null],
    [[1, null], [2, null], -1],
    [[null], [], 1],
    [[], [null], -1],
    [[1], [1, null], -1],
    [[1, null], [1, null], null],
    [[null], 'z', 1],
    [{ a: null }, { b: null }, -1],
    [{ a: 1, b: null }, { a: 2, b: null }, -1],
    [{ a: [null] }, { a: [0] }, null],
    [{ a: 1 }, { a: null, b: 1 }, -1],
    [[[null]], [[1]], null],
    [[{ a: 2, b: 0 }], [{ a: 1, c: 0 }], 1],
  ];
  for (const [a, b, r] of nested) {
    it(`compare(${JSON.stringify(a)}, ${JSON.stringify(b)}) is ${r === null ? 'NULL' : r < 0 ? 'negative' : 'positive'}`, () => {
      const c = compare(a, b);
      if (r === null) expect(c).toBe(null);
      else expect(Math.sign(c as number)).toBe(r);
    });
  }
});
