/**
 * The index key encoding of the PostgreSQL store (src/storage/postgres/collation-key.ts): its
 * byte order is the engine's index order (`IndexTree.compareKeys`) for every pair of keys, and
 * decoding gives back the values. Literal orders are the reference's (`SELECT v.x FROM [...] AS v
 * ORDER BY v.x` asked of n1ql-reference, cbq-engine 3582af6c).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeIndexKey, encodeIndexKey } from '../../../src/storage/postgres/collation-key.js';
import { IndexTree } from '../../../src/storage/index.js';
import { collate, type Value } from '../../../src/values/index.js';
import { propertyParameters } from '../../../src/testing/index.js';
import { anyValue, numberValue, stringValue, valuedValue } from './key-values.js';

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);
const hex = (v: Value, desc = false): string => encodeIndexKey([v], [desc]).toString('hex');

/**
 * The same value in the same representation: numbers by value and type (a bigint stays a bigint;
 * -0 may come back as 0), objects by their fields whatever their order.
 */
function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as Value[]).length && a.every((x, i) => sameValue(x, (b as Value[])[i]));
  const ka = Object.keys(a);
  const bo = b as Record<string, Value>;
  return ka.length === Object.keys(bo).length && ka.every((k) => k in bo && sameValue((a as Record<string, Value>)[k], bo[k]));
}

describe('encodeIndexKey: the bytes (docs/postgres.md "Index keys")', () => {
  it('writes each kind as documented', () => {
    expect(hex(undefined)).toBe('01');
    expect(hex(null)).toBe('02');
    expect(hex(false)).toBe('03');
    expect(hex(true)).toBe('04');
    // A double: sign bit flipped (positive) or all bits inverted (negative), then remainder length 0.
    expect(hex(1)).toBe('05bff000000000000000');
    expect(hex(-1)).toBe('05400fffffffffffff00');
    expect(hex(0)).toBe('05800000000000000000');
    expect(hex(-0)).toBe('05800000000000000000');
    expect(hex(NaN)).toBe('05000000000000000000');
    expect(hex(-Infinity)).toBe('05000fffffffffffff00');
    // 2^60 + 1: the double 2^60, then a remainder of one byte, 1.
    expect(hex(2n ** 60n + 1n)).toBe('05' + 'c3b0000000000000' + '0101');
    // -(2^60) - 1: the double below it, -(2^60 + 256), then 255.
    expect(hex(-(2n ** 60n) - 1n)).toBe('053c4ffffffffffffe' + '01ff');
    expect(hex('a')).toBe('06' + '61' + '0001');
    expect(hex('a\u0000b')).toBe('06' + '6100ff62' + '0001');
    expect(hex('\u{1F600}')).toBe('06' + 'f09f9880' + '0001');
    expect(hex('\ud800')).toBe('06' + 'f090807f' + '0001');
    expect(hex('\udc01')).toBe('06' + 'f58081' + '0001');
    expect(hex([])).toBe('0700');
    expect(hex([1, [true]])).toBe('07' + '05bff000000000000000' + '07' + '04' + '00' + '00');
    expect(hex({})).toBe('0800');
    expect(hex({ b: null, a: 'x' })).toBe('08' + '0102' + '610001' + '06780001' + '620001' + '02');
  });

  it('inverts every byte of a DESC key and concatenates composite keys', () => {
    expect(hex(null, true)).toBe('fd');
    expect(hex('a', true)).toBe('f99efffe');
    expect(encodeIndexKey([1, 'a', undefined], [false, true, false]).toString('hex')).toBe('05bff000000000000000' + 'f99efffe' + '01');
    // A prefix of a key (a span bound) is a prefix of its bytes.
    expect(encodeIndexKey([1], [false, true, false]).toString('hex')).toBe('05bff000000000000000');
  });
});

describe('encodeIndexKey: the order of the reference', () => {
  // In the reference's ORDER BY order; a row of several values holds values that collate equal.
  const ordered: Value[][] = [
    [undefined],
    [null],
    [false],
    [true],
    [NaN],
    [-Infinity],
    [-1e300],
    [-1e19],
    [-(2 ** 63)],
    [-1],
    [-0.5],
    [0, -0],
    [0.5],
    [1],
    [2 ** 53],
    [2n ** 53n + 1n],
    [2 ** 53 + 2],
    [2n ** 53n + 3n],
    [2n ** 63n - 2n],
    [2n ** 63n - 1n],
    [1e19],
    [1e300],
    [Infinity],
    [''],
    ['a'],
    ['a\u0000'],
    ['a\u0000b'],
    ['ab'],
    ['b'],
    ['e\u0301'],
    ['z'],
    ['~'],
    ['\u007f'],
    ['\u0080'],
    ['\u00e9'],
    ['\ud7ff'],
    ['\ue000'],
    ['\uffff'],
    ['\u{10000}'],
    ['\u{1F600}'],
    [[]],
    [[null]],
    [[null, null]],
    [[true]],
    [[1]],
    [[1, 2]],
    [['a']],
    [[[]]],
    [[[1]]],
    [[{}]],
    [{}],
    [{ a: null }],
    [{ a: true }],
    [{ a: 1 }],
    [{ a: 2 }],
    [{ a: 'x' }],
    [{ a: [] }],
    [{ a: {} }],
    [{ aa: 1 }],
    [{ b: null }],
    [{ b: 0 }],
    [{ a: 0, b: 1 }, { b: 1, a: 0 }],
    [{ a: 1, b: 1 }],
    [{ a: 1, b: [] }],
    [{ a: 1, c: 0 }],
  ];

  it('sorts the reference order, equal values to equal bytes, and reversed under DESC', () => {
    for (const desc of [false, true]) {
      const rows = ordered.map((vs) => vs.map((v) => encodeIndexKey([v], [desc])));
      for (let i = 0; i < rows.length; i++) {
        for (const b of rows[i]) expect(b.equals(rows[i][0]), `row ${i}`).toBe(true);
        if (i > 0) expect(sign(Buffer.compare(rows[i - 1][0], rows[i][0])), `rows ${i - 1} and ${i}, desc ${desc}`).toBe(desc ? 1 : -1);
      }
    }
  });

  it('is the order of the engine on the same values', () => {
    const flat = ordered.map((vs) => vs[0]);
    for (let i = 1; i < flat.length; i++) expect(collate(flat[i - 1], flat[i]), `${i}`).toBeLessThan(0);
  });
});

describe('encodeIndexKey (properties)', () => {
  const composite = fc.integer({ min: 1, max: 4 }).chain((n) =>
    fc.record({
      desc: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      a: fc.array(anyValue, { minLength: 1, maxLength: n }),
      b: fc.array(anyValue, { minLength: 1, maxLength: n }),
    }),
  );

  it('byte order is the index order (IndexTree.compareKeys) for any two composite keys, prefixes and DESC keys included', () => {
    fc.assert(
      fc.property(composite, ({ desc, a, b }) => {
        const tree = new IndexTree(desc);
        expect(sign(Buffer.compare(encodeIndexKey(a, desc), encodeIndexKey(b, desc)))).toBe(sign(tree.compareKeys(a, b)));
      }),
      propertyParameters(3000),
    );
  });

  it('byte order is collation on pairs of values of one kind (numbers, strings, nested values)', () => {
    for (const arb of [numberValue, stringValue, valuedValue] as fc.Arbitrary<Value>[]) {
      fc.assert(
        fc.property(arb, arb, fc.boolean(), (a, b, desc) => {
          const c = sign(Buffer.compare(encodeIndexKey([a], [desc]), encodeIndexKey([b], [desc])));
          expect(c).toBe(desc ? sign(collate(b, a)) : sign(collate(a, b)));
        }),
        propertyParameters(3000),
      );
    }
  });

  it('decodes to the same values (a bigint stays a bigint, a lone surrogate stays)', () => {
    fc.assert(
      fc.property(composite, ({ desc, a }) => {
        const back = decodeIndexKey(encodeIndexKey(a, desc), desc);
        expect(back.length).toBe(a.length);
        a.forEach((v, i) => {
          expect(collate(back[i], v)).toBe(0);
          expect(sameValue(back[i], v), `key ${i}`).toBe(true);
        });
      }),
      propertyParameters(3000),
    );
  });

  it('decodes from a Uint8Array (as a driver may return) and rejects truncated keys', () => {
    const enc = encodeIndexKey(['a\u0000b', [1, { x: 'y' }]], [true, false]);
    expect(decodeIndexKey(new Uint8Array(enc), [true, false])).toEqual(['a\u0000b', [1, { x: 'y' }]]);
    expect(() => decodeIndexKey(enc.subarray(0, enc.length - 1), [true, false])).toThrow(/ends inside|no end/);
    expect(() => decodeIndexKey(Buffer.from([0x09]), [false])).toThrow(/unknown type tag/);
  });
});
