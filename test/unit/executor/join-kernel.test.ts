import { describe, expect, it } from 'vitest';
import { buildTable, joinKey, joinOutcome, lookupKeys, probe } from '../../../src/executor/join-kernel.js';
import type { Value } from '../../../src/values/index.js';

/**
 * The pure join kernels. Expected values follow the reference's rules (couchbase/query
 * `execution/hash_join.go`, `nl_join.go`, `join.go`; answers of n1ql-reference): MISSING and NULL
 * join keys never match; `1 = 1.0`; a LEFT JOIN keeps an unmatched row, a LEFT NEST gives `[]`.
 */
describe('joinKey', () => {
  it.each<[Value[], boolean]>([
    [[1], true],
    [[undefined], false], // MISSING never matches
    [[null], false], // NULL never matches
    [['a', null], false],
    [['a', undefined], false],
    [[[1, 2]], true],
    [[{ b: 1, a: 2 }], true],
  ])('%j is a key: %s', (vs, isKey) => expect(joinKey(vs) !== undefined).toBe(isKey));

  it('equates values N1QL calls equal and only those', () => {
    expect(joinKey([1])).toBe(joinKey([1.0]));
    expect(joinKey([{ a: 1, b: [1] }])).toBe(joinKey([{ b: [1.0], a: 1 }]));
    expect(joinKey(['1'])).not.toBe(joinKey([1]));
    expect(joinKey([true])).not.toBe(joinKey(['true']));
    expect(joinKey(['a', 'b'])).not.toBe(joinKey(['ab', '']));
  });
});

describe('buildTable / probe', () => {
  const inner = [
    { id: 'b1', y: 1 as Value },
    { id: 'b2', y: 2 as Value },
    { id: 'b3', y: null as Value },
    { id: 'b4', y: 1 as Value },
    { id: 'b5', y: undefined as Value },
  ];
  const table = buildTable(inner, (r) => [r.y]);
  it('groups build rows by key and leaves MISSING and NULL keys out', () => {
    expect([...table.values()].flat().map((r) => r.id)).toEqual(['b1', 'b4', 'b2']);
  });
  it.each<[Value, string[]]>([
    [1, ['b1', 'b4']],
    [1.0, ['b1', 'b4']],
    [2, ['b2']],
    [3, []],
    [null, []],
    [undefined, []],
    ['1', []],
  ])('probing with %j finds %j', (k, ids) => expect(probe(table, [k], () => true).map((r) => r.id)).toEqual(ids));
  it('keeps only the candidates the ON clause accepts', () => {
    expect(probe(table, [1], (r) => r.id !== 'b1').map((r) => r.id)).toEqual(['b4']);
  });
});

describe('joinOutcome', () => {
  it.each([
    // [matches, nest, outer, kind]
    [['m'], false, false, 'rows'],
    [[], false, false, 'drop'],
    [[], false, true, 'unmatched'],
    [['m'], true, false, 'nest'],
    [[], true, false, 'drop'],
    [[], true, true, 'nest'],
  ] as const)('%j nest=%s outer=%s → %s', (m, nest, outer, kind) => expect(joinOutcome([...m], nest, outer).kind).toBe(kind));
});

describe('lookupKeys (ON KEYS / USE KEYS values)', () => {
  it.each<[Value, string[] | undefined]>([
    ['k1', ['k1']],
    [['k1', 2, null, 'k2'], ['k1', 'k2']],
    [[], []],
    [null, undefined],
    [undefined, undefined],
    [7, undefined],
    [{ k: 'x' }, undefined],
  ])('%j → %j', (v, keys) => expect(lookupKeys(v)).toEqual(keys));
});
