// Expected values: couchbase/query `expression/func_num.go` (ROUND is half-to-even via
// `roundFloat`, ROUND_NEAREST half away from zero, TRUNC via `truncateFloat`), docs
// `numericfun.adoc`; NaN and ±Infinity results (printed "NaN", "+Infinity", "-Infinity") and
// the last bits of SIN … ATAN2 and LOG from n1ql-reference (Go's math).
import { describe, expect, it } from 'vitest';
import { call, MISSING, table } from './table.js';

table('ABS', [[[-2.5], 2.5], [[3], 3], [['-1'], null], [[MISSING], MISSING], [[null], null]]);
table('CEIL', [[[1.2], 2], [[-1.2], -1], [[true], null], [[MISSING], MISSING], [[null], null]]);
table('FLOOR', [[[1.8], 1], [[-1.2], -2], [[[1]], null], [[MISSING], MISSING], [[null], null]]);
table('SQRT', [[[9], 3], [[-1], NaN], [['9'], null], [[MISSING], MISSING], [[null], null]]);
table('EXP', [[[0], 1], [[1000], Infinity], [[{}], null], [[MISSING], MISSING], [[null], null]]);
table('LN', [[[1], 0], [[0], -Infinity], [[-1], NaN], [['e'], null], [[MISSING], MISSING], [[null], null]]);
table('LOG', [[[1000], 3], [[3], 0.4771212547196624], [[12345.678], 4.091514945509201], [[0], -Infinity], [[false], null], [[MISSING], MISSING], [[null], null]]);
table('POWER', [
  [[2, 10], 1024],
  [[4, 0.5], 2],
  [[10, 400], Infinity],
  [[0, -1], Infinity],
  [['2', 2], null],
  [[2, '2'], null],
  [[MISSING, 2], MISSING],
  [[2, MISSING], MISSING],
  [[null, 2], null],
  [[2, null], null],
]);
table('SIGN', [[[-3], -1], [[0], 0], [[0.1], 1], [['1'], null], [[MISSING], MISSING], [[null], null]]);
table('SIN', [[[0], 0], [[Math.PI / 2], 1], [[Math.PI], 1.2246467991473515e-16], [[Infinity], NaN], [['0'], null], [[MISSING], MISSING], [[null], null]]);
table('COS', [[[0], 1], [[Math.PI], -1], [[Math.PI / 2], 6.123233995736757e-17], [[[0]], null], [[MISSING], MISSING], [[null], null]]);
table('TAN', [[[0], 0], [[Math.PI / 2], 16331239353195392], [[Math.PI], -1.2246467991473515e-16], [[true], null], [[MISSING], MISSING], [[null], null]]);
table('ASIN', [[[1], Math.PI / 2], [[2], NaN], [['1'], null], [[MISSING], MISSING], [[null], null]]);
table('ACOS', [[[1], 0], [[-2], NaN], [[{}], null], [[MISSING], MISSING], [[null], null]]);
table('ATAN', [[[0], 0], [[1], Math.PI / 4], [['x'], null], [[MISSING], MISSING], [[null], null]]);
table('ATAN2', [[[0, 1], 0], [[0, -1], Math.PI], [[-1e-320 * 1e-10, -1], -Math.PI], [[NaN, 1], NaN], [[1, 'x'], null], [[MISSING, 1], MISSING], [[1, null], null]]);
table('DEGREES', [[[Math.PI], 180], [['x'], null], [[MISSING], MISSING], [[null], null]]);
table('RADIANS', [[[180], Math.PI], [['x'], null], [[MISSING], MISSING], [[null], null]]);
table('PI', [[[], 3.141592653589793]]);
table('E', [[[], 2.718281828459045]]);

table('ROUND', [
  [[2.5], 2],
  [[3.5], 4],
  [[-2.5], -2],
  [[2.4], 2],
  [[-2.6], -3],
  [[1.2345, 2], 1.23],
  [[0.42000000000000004, 2], 0.42],
  [[1250, -2], 1200],
  [[1350, -2], 1400],
  // 10^digits as Go's math.Pow (reference roundFloat run in Go): 10^-4 is exactly 0.0001 there.
  [[15000, -4], 20000],
  [[55000, -4], 60000],
  [[25000, -4], 20000],
  [[150000, -5], 199999.99999999997],
  [[1, 0.5], null],
  [[1, '2'], null],
  [['1.5'], null],
  [[MISSING], MISSING],
  [[1.5, MISSING], MISSING],
  [[null], null],
  [[1.5, null], null],
]);
table('ROUND_NEAREST', [
  [[2.5], 3],
  [[-2.5], -3],
  [[1.25, 1], 1.3],
  [[15000, -4], 20000],
  [[-15000, -4], -20000],
  [[1, 1.5], null],
  [[MISSING], MISSING],
  [[null], null],
]);
table('TRUNC', [
  [[1.9], 1],
  [[-1.9], -1],
  [[1.2345, 3], 1.234],
  [[0.42000000000000004, 3], 0.42],
  [[1999, -3], 1000],
  // Reference truncateFloat with Go's math.Pow(10, -4) = 0.0001.
  [[150000, -4], 150000],
  [[250000, -4], 250000],
  [[35000, -4], 30000],
  [[-35000, -4], -30000],
  [[1, 1.5], null],
  [['1'], null],
  [[MISSING], MISSING],
  [[1, MISSING], MISSING],
  [[null], null],
  [[1, null], null],
]);

// RANDOM: test/functions/random.test.ts.
