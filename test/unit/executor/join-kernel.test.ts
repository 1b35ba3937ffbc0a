import { describe, expect, it } from 'vitest';
import { buildTable, joinKey, joinOutcome, JoinTable, lookupKeys, probe } from '../../../src/executor/join-kernel.js';
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

describe('JoinTable (one key value: scalars keyed by themselves, others by their canonical string)', () => {
  // n1ql-reference: SELECT 1 = 1.0, 0 = -0, "1" = 1, [1] = "[1]", true = "true",
  // {"a":1,"b":2} = {"b":2,"a":1} → true, true, false, false, false, true.
  const table = new JoinTable<string>();
  const built: [Value, string][] = [
    [1, 'one'],
    [0, 'zero'],
    ['1', 'string one'],
    ['[1]', 'string [1]'],
    [[1], 'array [1]'],
    [true, 'true'],
    [{ a: 1, b: 2 }, 'object'],
    [null, 'null'],
    [undefined, 'missing'],
  ];
  for (const [k, id] of built) table.add(k, id);
  it.each<[Value, string[] | undefined]>([
    [1.0, ['one']],
    [-0, ['zero']],
    ['1', ['string one']],
    [[1], ['array [1]']],
    [[1.0], ['array [1]']],
    ['[1]', ['string [1]']],
    ['true', undefined],
    [true, ['true']],
    [{ b: 2, a: 1 }, ['object']],
    [null, undefined], // NULL never matches, not even a NULL build key
    [undefined, undefined], // MISSING likewise
  ])('get(%j) → %j', (k, ids) => expect(table.get(k)).toEqual(ids));
  it('composite keys (several values) match only all equal, and never with a MISSING or NULL part', () => {
    const t = new JoinTable<string>();
    t.addAll([1, 'a'], 'x');
    t.addAll([1, null], 'y');
    expect(t.getAll([1.0, 'a'])).toEqual(['x']);
    expect(t.getAll(['1', 'a'])).toBeUndefined();
    expect(t.getAll([1, null])).toBeUndefined();
  });
  it('first / rest: a key\'s first item, then the others in the order added (none for MISSING and NULL)', () => {
    const t = new JoinTable<string>();
    t.add(1, 'a');
    t.add('1', 's');
    expect([t.first(1.0), t.rest(1)]).toEqual(['a', undefined]);
    t.add(1, 'b');
    t.add(1, 'c');
    t.add([1], 'x');
    t.add([1.0], 'y');
    expect([t.first(1), t.rest(1)]).toEqual(['a', ['b', 'c']]);
    expect([t.first('1'), t.rest('1')]).toEqual(['s', undefined]);
    expect([t.first([1]), t.rest([1])]).toEqual(['x', ['y']]);
    expect([t.first(null), t.rest(null), t.first(undefined), t.rest(undefined)]).toEqual([undefined, undefined, undefined, undefined]);
    expect(t.get(1)).toEqual(['a', 'b', 'c']);
    expect([...t.values()]).toEqual([['a', 'b', 'c'], ['s'], ['x', 'y']]);
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
