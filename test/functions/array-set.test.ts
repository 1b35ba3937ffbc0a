// Expected values: couchbase/query `expression/func_array.go`. Result order for UNION and
// INTERSECT is tokenql's (first appearance); the reference's is a Go map's.
import { MISSING, table } from './table.js';

table('ARRAY_DISTINCT', [
  [[[1, 'a', 1, 'a', null, null, [1], [1]]], [1, 'a', null, [1]]],
  [[[{ a: 1, b: 2 }, { b: 2, a: 1 }]], [{ a: 1, b: 2 }]],
  [[[]], []],
  [[MISSING], MISSING],
  [[null], null],
  [['a'], null],
]);

table('ARRAY_UNION', [
  [[[1, 2], [2, 3], [3, 4, 1]], [1, 2, 3, 4]],
  [[[1, 1], []], [1]],
  [[[1], 'a'], null],
  [[MISSING, [1]], MISSING],
  [[[1], MISSING], MISSING],
  [[null, [1]], null],
  [[[1], null], null],
]);

table('ARRAY_INTERSECT', [
  [[[1, 2, 3, 2], [2, 3, 4], [3, 2]], [2, 3]],
  [[[1], [2]], []],
  // NULL elements are left out (func_array.go ArrayIntersect: only elements above NULL).
  [[[null, 1], [null]], []],
  [[[null, 1], [null, 1]], [1]],
  [[[1], 1], null],
  [[MISSING, [1]], MISSING],
  [[[1], MISSING], MISSING],
  [[null, [1]], null],
  [[[1], null], null],
]);

table('ARRAY_EXCEPT', [
  [[[1, 2, 2, 3], [2]], [1, 3]],
  [[[1], []], [1]],
  [[[1], 1], null],
  [[MISSING, [1]], MISSING],
  [[[1], MISSING], MISSING],
  [[null, [1]], null],
]);

table('ARRAY_REMOVE', [
  [[[1, 2, 1, 3], 1], [2, 3]],
  [[[1, 2, 3], 1, 3], [2]],
  [[[[1], 2], [1]], [2]],
  [[[], 1], []],
  [[[1, null], null], null],
  [[MISSING, 1], MISSING],
  [[[1], MISSING], MISSING],
  [[null, 1], null],
  [[1, 1], null],
]);

table('ARRAY_PUT', [
  [[[1, 2], 3], [1, 2, 3]],
  [[[1, 2], 2], [1, 2]],
  [[[1], 2, 1, 3], [1, 2, 3]],
  [[[1], null], null],
  [[MISSING, 1], MISSING],
  [[[1], MISSING], MISSING],
  [[null, 1], null],
  [['a', 1], null],
]);
table('ARRAY_ADD', [[[[1], 2], [1, 2]], [[MISSING, 1], MISSING], [[null, 1], null]]);
