// Expected values: n1ql-reference (NAN() prints "NaN", POSINF() "+Infinity", NEGINF() "-Infinity";
// NANIF/POSINFIF/NEGINFIF compare with `=`, MISSING and NULL as `=` gives them) and the reference
// suite's `number_functions/case_func_cond_num.json`.
import { MISSING, table } from './table.js';

table('NAN', [[[], NaN]]);
table('POSINF', [[[], Infinity]]);
table('INF', [[[], Infinity]]);
table('POS_INF', [[[], Infinity]]);
table('NEGINF', [[[], -Infinity]]);
table('NEG_INF', [[[], -Infinity]]);

table('NANIF', [
  [[1, 1], NaN],
  [[1, 2], 1],
  [['a', 'a'], NaN],
  [[1, 1.0], NaN],
  [[{ a: [1] }, { a: [1] }], NaN],
  [[NaN, NaN], NaN],
  [[[null], [null]], null],
  [[MISSING, 1], MISSING],
  [[1, MISSING], MISSING],
  [[null, 1], null],
  [[1, null], null],
  [[null, null], null],
]);
table('NAN_IF', [[[1, 1], NaN]]);

table('POSINFIF', [
  [[1, 1], Infinity],
  [[[1], [1]], Infinity],
  [[1, 2], 1],
  [['x', true], 'x'],
  [[MISSING, MISSING], MISSING],
  [[null, 1], null],
]);
table('POSINF_IF', [[[1, 1], Infinity]]);

table('NEGINFIF', [
  [[1, 1], -Infinity],
  [[1, 2], 1],
  [[null, MISSING], MISSING],
  [[1, null], null],
]);
table('NEGINF_IF', [[[1, 1], -Infinity]]);

// IFNAN / IFINF / IFNANORINF (conditional.ts) with the non-finite values.
table('IFNAN', [
  [[NaN, 2, 3], 2],
  [[1, 2], 1],
  [[NaN, 'a'], null],
  [[MISSING, 1], 1],
  [[null, 1], null],
  [['x', 1], null],
  [[NaN, NaN], null],
  [[NaN, MISSING, 3], 3],
  [[MISSING, MISSING], MISSING],
  [[MISSING, NaN], MISSING],
]);
table('IFINF', [
  [[Infinity, -Infinity, 5], 5],
  [[NaN, 1], NaN],
  [['a', 1], null],
  [[MISSING, 2], 2],
  [[null, 1], null],
  [[MISSING, null], null],
]);
table('IFNANORINF', [
  [[NaN, Infinity, 7], 7],
  [[NaN, null, 3], null],
  [[-Infinity, MISSING], MISSING],
]);
