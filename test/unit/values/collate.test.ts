import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collate, compareStrings, equivalent, kindOf, truth, typeName, type Value } from '../../../src/values/index.js';

/** Values in the order N1QL collation must put them (spec: MISSING < NULL < FALSE < TRUE < numbers < strings < arrays < objects). */
const ascending: Value[] = [
  undefined,
  null,
  false,
  true,
  // NaN first, then -Infinity, the finite numbers, +Infinity (value/float.go collateFloat;
  // n1ql-reference: ARRAY_SORT([1, NAN(), POSINF(), NEGINF(), -1]) is ["NaN","-Infinity",-1,1,"+Infinity"]).
  NaN,
  -Infinity,
  -1.5,
  0,
  1,
  1e21,
  Infinity,
  '',
  'A',
  'B',
  'a',
  'ab',
  '\uE000',
  '\u{1F600}',
  [],
  [null],
  [1],
  [1, 2],
  [2],
  {},
  { b: 0 },
  { a: 1, b: 0 },
  { a: 1, c: 0 },
  { a: 2, b: 0 },
];

describe('collate', () => {
  it('orders values of every kind as N1QL does', () => {
    for (let i = 0; i < ascending.length; i++) {
      for (let j = 0; j < ascending.length; j++) {
        const c = Math.sign(collate(ascending[i], ascending[j]));
        expect(c, `${JSON.stringify(ascending[i])} vs ${JSON.stringify(ascending[j])}`).toBe(Math.sign(i - j));
      }
    }
  });

  // couchbase/query value/object.go objectCollate: fewer fields first; then over the union of
  // both objects' names in code point order, the object lacking a name is the larger, else the
  // values at that name decide (not the sorted name lists first, then the values).
  const objects: [Value, Value, number][] = [
    [{ a: 2, b: 0 }, { a: 1, c: 0 }, 1],
    [{ a: 1, c: 1 }, { a: 2, b: 1 }, -1],
    [{ a: 1, b: 0 }, { a: 1, c: 0 }, -1],
    [{ b: 0 }, { a: 0 }, 1],
    [{ a: 9 }, { b: 0 }, -1],
    [{ z: 1 }, { a: 1, b: 1 }, -1],
    [{ a: [1], b: null }, { a: [1], b: null }, 0],
    [{ a: null }, { a: 1 }, -1],
    [{ a: { x: 2, y: 0 } }, { a: { x: 1, z: 0 } }, 1],
    // U+E000 sorts before U+1F600 by code point (not by UTF-16 unit): the first lacks it.
    [{ '\u{1F600}': 0 }, { '\uE000': 0 }, 1],
  ];
  for (const [a, b, sign] of objects) {
    it(`collates ${JSON.stringify(a)} ${sign < 0 ? '<' : sign > 0 ? '>' : '='} ${JSON.stringify(b)} (objectCollate)`, () => {
      expect(Math.sign(collate(a, b))).toBe(sign);
      expect(Math.sign(collate(b, a)) + 0).toBe(-sign + 0);
    });
  }

  it('compares strings by code point, not UTF-16 unit', () => {
    // U+1F600 is a surrogate pair in UTF-16 (0xD83D…) but sorts after U+E000 by code point.
    expect(compareStrings('\u{1F600}', '\uE000')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uE000').toBe(true);
  });

  it('treats 1 and 1.0 and object field order as equivalent', () => {
    expect(equivalent(1, 1.0)).toBe(true);
    expect(equivalent({ a: 1, b: [2] }, { b: [2], a: 1 })).toBe(true);
    expect(equivalent(undefined, null)).toBe(false);
  });

  it('is a total order (antisymmetric and transitive) on JSON values', () => {
    const json = fc.jsonValue() as fc.Arbitrary<Value>;
    fc.assert(
      fc.property(json, json, json, (a, b, c) => {
        expect(Math.sign(collate(a, b)) + 0).toBe(-Math.sign(collate(b, a)) + 0);
        if (collate(a, b) <= 0 && collate(b, c) <= 0) expect(collate(a, c)).toBeLessThanOrEqual(0);
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) },
    );
  });
});

describe('kinds and truth', () => {
  const rows: [Value, string, boolean][] = [
    [undefined, 'missing', false],
    [null, 'null', false],
    [false, 'boolean', false],
    [true, 'boolean', true],
    [0, 'number', false],
    [2, 'number', true],
    ['', 'string', false],
    ['x', 'string', true],
    [[], 'array', false],
    [[0], 'array', true],
    [{}, 'object', false],
    [{ a: 1 }, 'object', true],
  ];
  for (const [v, name, t] of rows) {
    it(`${JSON.stringify(v) ?? 'MISSING'} is a ${name}, truth ${t}`, () => {
      expect(typeName(v)).toBe(name);
      expect(truth(v)).toBe(t);
      expect(kindOf(v)).toBe(['missing', 'null', 'boolean', 'number', 'string', 'array', 'object'].indexOf(name));
    });
  }
});
