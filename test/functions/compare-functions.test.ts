// Expected values: n1ql-reference and the reference suite's `comp_functions/case_func_comp.json`
// (GREATEST/LEAST skip MISSING and NULL and order by collation, NaN first; EQ, LT, LE, BETWEEN and
// the IS_* names behave as their operators).
import { MISSING, table } from './table.js';

table('GREATEST', [
  [[1, null, 3], 3],
  [[1, MISSING, 3], 3],
  [[null, MISSING], null],
  [[MISSING, MISSING], null],
  [[null, null], null],
  [[[1], { a: 1 }, 'z'], { a: 1 }],
  [['Yes', 99], 'Yes'],
  [[NaN, 1], 1],
  [[1, 1.0], 1],
]);
table('LEAST', [
  [[1, null, 3], 1],
  [[1, MISSING, 0], 0],
  [[null, MISSING], null],
  [[MISSING, MISSING], null],
  [[[1], { a: 1 }, 'z', true], true],
  [['Yes', 99], 99],
  [[NaN, 1], NaN],
  [[-Infinity, NaN], NaN],
  [[false, true], false],
]);
table('EQ', [[[1, 1], true], [[1, 2], false], [[1, '1'], false], [[1, MISSING], MISSING], [[null, 1], null]]);
table('LT', [[[1, 2], true], [[2, 1], false], [['a', 1], false], [[MISSING, 1], MISSING], [[1, null], null]]);
table('LE', [[[2, 2], true], [[1, 2], true], [[3, 2], false], [[MISSING, null], MISSING], [[null, 1], null]]);
table('BETWEEN', [[[10, 5, 15], true], [[10, 15, 25], false], [[1, null, 3], null], [['b', 'a', 'c'], true], [[MISSING, 1, 2], MISSING]]);
table('IS_MISSING', [[[MISSING], true], [[null], false], [[1], false]]);
table('ISMISSING', [[[MISSING], true]]);
table('IS_NOT_MISSING', [[[MISSING], false], [[null], true], [['a'], true]]);
table('IS_NULL', [[[MISSING], MISSING], [[null], true], [[0], false]]);
table('IS_NOT_NULL', [[[MISSING], MISSING], [[null], false], [[0], true]]);
table('ISNOTNULL', [[[MISSING], MISSING]]);
table('IS_VALUED', [[[0], true], [[null], false], [[MISSING], false]]);
table('ISVALUED', [[[0], true]]);
table('IS_KNOWN', [[[1], true], [[null], false]]);
table('IS_NOT_UNKNOWN', [[[MISSING], false], [['x'], true]]);
table('IS_NOT_VALUED', [[[MISSING], true], [[null], true], [[false], false]]);
table('ISUNKNOWN', [[[null], true], [[1], false]]);
// n1ql-reference: SUCCESSOR("a") is "a " (LENGTH 2), SUCCESSOR(TRUE) -1.7976931348623157e+308,
// SUCCESSOR(POSINF()) "", SUCCESSOR({"b": 1, "a": {"c": true}}) {"a": {"c": true}, "b": 2} …
table('SUCCESSOR', [
  [[1], 2],
  [[0], 1],
  [[-1], 0],
  [[1.5], 1.5000000000000002],
  [[-1.5], -1.4999999999999998],
  [[-0.5], -0.49999999999999994],
  [[9007199254740992], 9007199254740992],
  [[1.7976931348623157e308], ''],
  [[Infinity], ''],
  [[-Infinity], -1.7976931348623157e308],
  [[NaN], -Infinity],
  [['a'], 'a '],
  [[''], ' '],
  [[false], true],
  [[true], -1.7976931348623157e308],
  [[[1]], [1, null]],
  [[[]], [null]],
  [[{}], { '': null }],
  [[{ a: 1 }], { a: 2 }],
  [[{ b: 1, a: { c: true } }], { a: { c: true }, b: 2 }],
  [[{ b: {} }], { b: { '': null } }],
  [[null], false],
  [[MISSING], null],
]);
