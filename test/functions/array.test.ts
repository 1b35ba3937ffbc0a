// Expected values: couchbase/query `expression/func_array.go` (NULL elements, equality by `=`,
// collation for SORT/MIN/MAX) and Couchbase docs `arrayfun.adoc`.
import { describe, expect, it } from 'vitest';
import { call, MISSING, table, throws } from './table.js';

table('ARRAY_LENGTH', [[[[1, 2, 3]], 3], [[[]], 0], [['abc'], null], [[MISSING], MISSING], [[null], null]]);
table('ARRAY_COUNT', [[[[1, null, 'a', null]], 2], [[[]], 0], [[{}], null], [[MISSING], MISSING], [[null], null]]);

table('ARRAY_CONTAINS', [
  [[[1, 'a', [2]], 'a'], true],
  [[[1, 2], 1.0], true],
  [[[1, 2], 3], false],
  [[[[1, 2]], [1, 2]], true],
  [[[null], null], null],
  [[[1], MISSING], MISSING],
  [[MISSING, 1], MISSING],
  [[null, 1], null],
  [['abc', 'a'], null],
]);

table('ARRAY_POSITION', [
  [[['a', 'b', 'c'], 'c'], 2],
  [[['a'], 'z'], -1],
  [[[1, 1], 1], 0],
  [[MISSING, 1], MISSING],
  [[[1], MISSING], MISSING],
  [[null, 1], null],
  [[[1], null], null],
  [[1, 1], null],
]);

table('ARRAY_SORT', [
  [[[3, 'a', null, true, false, [1], { a: 1 }, 1]], [null, false, true, 1, 3, 'a', [1], { a: 1 }]],
  [[['b', 'B', 'a']], ['B', 'a', 'b']],
  [[[]], []],
  [[MISSING], MISSING],
  [[null], null],
  [[{ a: 1 }], null],
]);

table('ARRAY_REVERSE', [[[[1, 2, 3]], [3, 2, 1]], [[[]], []], [[MISSING], MISSING], [[null], null], [['ab'], null]]);

table('ARRAY_MIN', [
  [[[3, 'a', null, 1]], 1],
  [[[null, 'b', 'a']], 'a'],
  [[[null]], null],
  [[[]], null],
  [[MISSING], MISSING],
  [[null], null],
  [[5], null],
]);
table('ARRAY_MAX', [
  [[[3, 'a', null, 1]], 'a'],
  [[[false, true, null]], true],
  [[[null]], null],
  [[[]], null],
  [[MISSING], MISSING],
  [[null], null],
  [['a'], null],
]);

table('ARRAY_SUM', [
  [[[1, 2, 3.5]], 6.5],
  [[[1, '2', null, true]], 1],
  [[[]], 0],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);
table('ARRAY_AVG', [
  [[[1, 2, 3, 'x']], 2],
  [[['x']], null],
  [[[]], null],
  [[MISSING], MISSING],
  [[null], null],
  [[{}], null],
]);

table('ARRAY_IFNULL', [
  [[[null, null, 'a', 'b']], 'a'],
  [[[null]], null],
  [[MISSING], MISSING],
  [[null], null],
  [['a'], null],
]);

table('ARRAY_FLATTEN', [
  [[[1, [2, [3, [4]]]], 1], [1, 2, [3, [4]]]],
  [[[1, [2, [3, [4]]]], 2], [1, 2, 3, [4]]],
  [[[1, [2, [3, [4]]]], -1], [1, 2, 3, 4]],
  [[[1, [2]], 0], [1, [2]]],
  [[[1], 1.5], null],
  [[[1], '1'], null],
  [[MISSING, 1], MISSING],
  [[[1], MISSING], MISSING],
  [[null, 1], null],
  [[[1], null], null],
  [[1, 1], null],
]);

table('ARRAY_CONCAT', [
  [[[1, 2], [3], []], [1, 2, 3]],
  [[[1], 2], null],
  [[MISSING, [1]], MISSING],
  [[[1], MISSING], MISSING],
  [[null, [1]], null],
  [[[1], null], null],
]);

table('ARRAY_RANGE', [
  [[0, 5], [0, 1, 2, 3, 4]],
  [[0.1, 2], [0.1, 1.1]],
  [[10, 0, -3], [10, 7, 4, 1]],
  [[0, 10, 0], []],
  [[0, 10, -1], []],
  [[3, 3], []],
  [[0, 1e9], throws(5010)],
  // The limit is the size, 8 bytes per number over 20 MiB (the reference: 2621441 elements fail).
  [[0, 2621441], throws(5010)],
  [[0, 1, 0.0000001], throws(5010)],
  [['0', 5], null],
  [[0, 5, '1'], null],
  [[MISSING, 5], MISSING],
  [[0, MISSING], MISSING],
  [[0, 5, MISSING], MISSING],
  [[null, 5], null],
  [[0, null], null],
  [[0, 5, null], null],
]);

table('ARRAY_APPEND', [
  [[[1, 2], 3], [1, 2, 3]],
  [[[1], 2, 'a'], [1, 2, 'a']],
  [[[1], null], [1, null]],
  [[[1], MISSING], MISSING],
  [[MISSING, 1], MISSING],
  [[null, 1], null],
  [[1, 2], null],
]);

table('ARRAY_PREPEND', [
  [[0, [1, 2]], [0, 1, 2]],
  [[-1, 0, [1]], [-1, 0, 1]],
  [[null, [1]], [null, 1]],
  [[MISSING, [1]], MISSING],
  [[1, MISSING], MISSING],
  [[1, null], null],
  [[1, 'a'], null],
]);

table('ARRAY_INSERT', [
  [[[1, 2], 1, 'x'], [1, 'x', 2]],
  [[[1, 2], 2, 'x', 'y'], [1, 2, 'x', 'y']],
  [[[1, 2], -1, 'x'], [1, 'x', 2]],
  [[[1, 2], 0, null], [null, 1, 2]],
  [[[1, 2], 3, 'x'], null],
  [[[1, 2], -3, 'x'], null],
  [[[1], 0.5, 'x'], null],
  [[[1], '0', 'x'], null],
  [[MISSING, 0, 1], MISSING],
  [[[1], MISSING, 1], MISSING],
  [[[1], 0, MISSING], MISSING],
  [[null, 0, 1], null],
  [[[1], null, 1], null],
]);

table('ARRAY_REPEAT', [
  [['a', 3], ['a', 'a', 'a']],
  [[null, 2], [null, null]],
  [[1, 0], []],
  [[1, -1], null],
  [[1, 1.5], null],
  [[MISSING, 2], MISSING],
  [[1, MISSING], MISSING],
  [[1, null], null],
  // Result size over 20 MiB (func_array.go ArrayRepeat: AnySize(first) * n; a string's size is
  // its bytes): error 5010, as REPEAT.
  [['x'.repeat(1000), 100000], throws(5010)],
  [['x'.repeat(21), 1 << 20], throws(5010)],
  [[{ a: 'x'.repeat(100) }, 200000], throws(5010)],
  // No element count limit besides the size (the reference: ARRAY_REPEAT(1, 2000000) has
  // 2000000 elements; "abcdefghij" × 2097153 is 20971530 bytes, over the limit).
  [['abcdefghij', 2097153], throws(5010)],
]);

table('ARRAY_REPLACE', [
  [[[1, 2, 1], 1, 'x'], ['x', 2, 'x']],
  [[[1, 2], 2, null], [1, null]],
  [[[1, 2], null, 3], null],
  [[MISSING, 1, 2], MISSING],
  [[[1], MISSING, 2], MISSING],
  [[[1], 1, MISSING], MISSING],
  [[null, 1, 2], null],
  [['a', 1, 2], null],
  // At most n replacements (func_array.go ArrayReplace num_replacements; arrayfun.adoc max_int).
  [[[1, 2, 1, 1], 1, 9, 2], [9, 2, 9, 1]],
  [[[1, 2, 1, 1], 1, 9, 0], [1, 2, 1, 1]],
  [[[1, 2, 1, 1], 1, 9, -1], [1, 2, 1, 1]],
  [[[1, 2, 1, 1], 1, 9, 10], [9, 2, 9, 9]],
  [[[1, 2, 1, 1], 1, 9, 1.5], null],
  [[[1, 2, 1, 1], 1, 9, '2'], null],
  [[[1, 2, 1, 1], 1, 9, null], null],
  [[[1, 2, 1, 1], 1, 9, MISSING], MISSING],
  [[null, 1, 9, 1], null],
  [[MISSING, 1, 9, null], MISSING],
]);

describe('ARRAY_RANGE and ARRAY_REPEAT size limit', () => {
  it('allows results up to 20 MiB (the reference: 2621440 numbers, 2000000 repeats)', () => {
    expect((call('ARRAY_RANGE', 0, 2621440) as unknown[]).length).toBe(2621440);
    expect((call('ARRAY_REPEAT', 1, 2000000) as unknown[]).length).toBe(2000000);
  });
});

// MISSING elements (array constructors keep them): the reference's answers.
table('ARRAY_COUNT', [[[[MISSING, null, 1]], 1]]);
table('ARRAY_SORT', [[[[1, MISSING, null, MISSING]], [MISSING, MISSING, null, 1]]]);
table('ARRAY_MIN', [[[[MISSING, 2]], 2]]);
table('ARRAY_IFNULL', [[[[MISSING, null, 3]], 3]]);
table('ARRAY_INTERSECT', [[[[MISSING, 1], [MISSING, 1]], [1]]]);
