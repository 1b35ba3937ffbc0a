// Expected values: couchbase/query `expression/func_cond_unknown.go`, `func_cond_num.go` and
// docs `condfununknown.adoc`.
import { MISSING, table } from './table.js';

table('IFMISSING', [
  [[MISSING, 1, 2], 1],
  [[null, 1], null],
  [[MISSING, null], null],
  [[MISSING, MISSING], null],
  [['a', MISSING], 'a'],
]);

table('IFNULL', [
  [[null, 1, 2], 1],
  [[MISSING, 1], MISSING], // the first non-NULL value may be MISSING
  [[null, null], null],
  [[null, MISSING], MISSING],
  [[0, null], 0],
]);

table('IFMISSINGORNULL', [
  [[MISSING, null, 'x'], 'x'],
  [[null, MISSING], null],
  [[MISSING, MISSING], null],
  [[false, 1], false],
]);
table('COALESCE', [[[null, MISSING, 3], 3], [[MISSING, null], null], [[1, 2], 1]]);

table('NVL', [
  [[null, 1], 1],
  [[MISSING, 1], 1],
  [[0, 1], 0],
  [[MISSING, MISSING], MISSING],
  [[null, null], null],
]);
table('NVL2', [
  [['a', 1, 2], 1],
  [[null, 1, 2], 2],
  [[MISSING, 1, 2], 2],
  [['a', MISSING, 2], MISSING],
  [[MISSING, 1, null], null],
]);

table('MISSINGIF', [
  [[1, 1], MISSING],
  [[1, 2], 1],
  [[[1], [1]], MISSING],
  [[1, 'a'], 1],
  [[MISSING, 1], MISSING],
  [[1, MISSING], MISSING],
  [[null, 1], null],
  [[1, null], null],
]);

table('NULLIF', [
  [[1, 1], null],
  [[1, 2], 1],
  [[{ a: 1 }, { a: 1 }], null],
  [[MISSING, 1], MISSING],
  [[1, MISSING], MISSING],
  [[null, 1], null],
  [[1, null], null],
  [[null, MISSING], MISSING],
]);

table('IFNAN', [
  [[NaN, 2], 2],
  [[1, 2], 1],
  [[MISSING, NaN], MISSING],
  [['a', 1], null],
  [[null, 1], null],
  [[NaN, NaN], null],
]);
table('IFINF', [
  [[Infinity, -Infinity, 3], 3],
  [[MISSING, Infinity], MISSING],
  [[true, 1], null],
  [[null, 1], null],
]);
table('IFNANORINF', [
  [[NaN, Infinity, 4], 4],
  [[MISSING, NaN], MISSING],
  [[[], 1], null],
  [[null, 1], null],
]);

table('DECODE', [
  [[2, 1, 'one', 2, 'two'], 'two'],
  [[3, 1, 'one', 2, 'two', 'other'], 'other'],
  [[3, 1, 'one'], null],
  [[MISSING, MISSING, 'm', 'd'], 'm'],
  [[null, null, 'n'], 'n'],
  [[MISSING, null, 'n'], null],
]);
