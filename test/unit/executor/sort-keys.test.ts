import { describe, expect, it } from 'vitest';
import { batchKeys, compareSortValues, SortKeys, withBatchKeys, type SortDirection } from '../../../src/executor/sort-keys.js';
import type { Row } from '../../../src/executor/runtime.js';
import type { Value } from '../../../src/values/index.js';

/** Sorts the rows 0..n-1 of `keys` under `terms`; returns their numbers in sorted order. */
function order(keys: SortKeys, terms: SortDirection[]): number[] {
  return Array.from({ length: keys.length }, (_, i) => i).sort(keys.comparator(terms));
}

/** A SortKeys of one term holding `values` (undefined = MISSING). */
function oneTerm(values: Value[]): SortKeys {
  const k = new SortKeys(1);
  for (const v of values) {
    k.set(0, v);
    k.next();
  }
  return k;
}

const ASC: SortDirection = { desc: false, nullsFirst: true };
const DESC: SortDirection = { desc: true, nullsFirst: false };

// Row i's key; i = 2 has none (MISSING). Expected orders: the reference's answers to
// `SELECT RAW d.i FROM [{"i":0,"k":2},{"i":1,"k":"a"},{"i":2},{"i":3,"k":null},{"i":4,"k":true},
// {"i":5,"k":[1]},{"i":6,"k":{"a":1}},{"i":7,"k":1.5},{"i":8,"k":false},{"i":9,"k":-3}] AS d ORDER BY …`.
const MIXED: Value[] = [2, 'a', undefined, null, true, [1], { a: 1 }, 1.5, false, -3];

describe('SortKeys: N1QL collation of mixed-type keys, MISSING and NULL', () => {
  it.each([
    ['d.k', ASC, [2, 3, 8, 4, 9, 7, 0, 1, 5, 6]],
    ['d.k DESC', DESC, [6, 5, 1, 0, 7, 9, 4, 8, 3, 2]],
    ['d.k NULLS LAST', { desc: false, nullsFirst: false }, [8, 4, 9, 7, 0, 1, 5, 6, 2, 3]],
    ['d.k DESC NULLS FIRST', { desc: true, nullsFirst: true }, [3, 2, 6, 5, 1, 0, 7, 9, 4, 8]],
  ] as [string, SortDirection, number[]][])('ORDER BY %s', (_, term, expected) => {
    const keys = oneTerm(MIXED);
    expect(keys.numeric[0]).toBe(false);
    expect(order(keys, [term])).toEqual(expected);
  });

  it('two number terms (the specialised comparator): ORDER BY d.p DESC, d.o as the reference', () => {
    // `… FROM [{"i":0,"p":1,"o":5},{"i":1,"p":0,"o":5},{"i":2,"p":1,"o":3},{"i":3,"p":0,"o":9},
    // {"i":4,"p":1,"o":5},{"i":5,"p":0,"o":-1}] AS d ORDER BY d.p DESC, d.o` → [2,0,4,5,1,3].
    const rows = [
      [1, 5],
      [0, 5],
      [1, 3],
      [0, 9],
      [1, 5],
      [0, -1],
    ];
    const keys = new SortKeys(2);
    for (const [p, o] of rows) {
      keys.set(0, p!);
      keys.set(1, o!);
      keys.next();
    }
    expect(keys.numeric).toEqual([true, true]);
    expect(order(keys, [DESC, ASC])).toEqual([2, 0, 4, 5, 1, 3]);
  });

  it('rows with equal keys keep their arrival order (stable), ascending and descending', () => {
    const keys = oneTerm([2, 1, 2, 1, 2]);
    expect(order(keys, [ASC])).toEqual([1, 3, 0, 2, 4]);
    expect(order(keys, [DESC])).toEqual([0, 2, 4, 1, 3]);
    const missing = oneTerm([null, undefined, null, undefined]);
    expect(order(missing, [ASC])).toEqual([1, 3, 0, 2]);
  });

  it('a number column that receives another type, or NaN, leaves the number-only comparator', () => {
    const keys = oneTerm([3, 1]);
    expect(keys.numeric[0]).toBe(true);
    keys.set(0, null);
    keys.next();
    expect(keys.numeric[0]).toBe(false);
    expect(order(keys, [ASC])).toEqual([2, 1, 0]);
    const nan = oneTerm([3, Number.NaN, 1]);
    expect(nan.numeric[0]).toBe(false);
    // NaN collates before every other number (values/collate.ts).
    expect(order(nan, [ASC])).toEqual([1, 2, 0]);
  });

  it('the same order with one term over numbers, one term over mixed values, and three terms', () => {
    const three = new SortKeys(3);
    const data: Value[][] = [
      [1, 'b', 2],
      [1, 'a', 9],
      [0, 'z', 1],
      [1, 'a', 3],
    ];
    for (const r of data) {
      r.forEach((v, t) => three.set(t, v));
      three.next();
    }
    expect(order(three, [ASC, ASC, DESC])).toEqual([2, 1, 3, 0]);
  });

  it('compact keeps the given rows, renumbered, and recomputes which columns hold numbers only', () => {
    const keys = oneTerm([5, 'x', 1, 4]);
    keys.compact([2, 3, 0]);
    expect(keys.length).toBe(3);
    expect(keys.columns[0]).toEqual([1, 4, 5]);
    expect(keys.numeric[0]).toBe(true);
  });
});

describe('compareSortValues', () => {
  it.each([
    [undefined, null, ASC, -1],
    [undefined, null, DESC, 1],
    [null, 1, ASC, -1],
    [null, 1, DESC, 1],
    [null, 1, { desc: false, nullsFirst: false }, 1],
    [null, 1, { desc: true, nullsFirst: true }, -1],
    [1, 'a', ASC, -1],
    ['a', [0], DESC, 1],
    [2, 2, DESC, 0],
  ] as [Value, Value, SortDirection, number][])('%j vs %j (%j) → sign %i', (a, b, t, sign) => {
    expect(Math.sign(compareSortValues(a, b, t)) || 0).toBe(sign);
  });
});

describe('batch keys', () => {
  it('a batch carries the sort keys it was given; another batch carries none', () => {
    const batch: Row[] = [{ env: {} }];
    const keys = { texts: ['(`t`.`p`)'], columns: [[1]] };
    expect(batchKeys(withBatchKeys(batch, keys))).toBe(keys);
    expect(batchKeys([{ env: {} }])).toBeUndefined();
  });
});
