// Expected values: n1ql-reference (`AND`(true, NULL) is NULL, `OR`(MISSING, NULL) NULL,
// `WITHIN`(3, {"a": [{"b": 3}]}) TRUE, `EXISTS`(1) NULL, `LIKE`(1, "a") NULL …).
import { MISSING, table } from './table.js';

table('AND', [[[true, false, true], false], [[true, null], null], [[MISSING, false], false], [[1, 'x'], true], [[true, MISSING], MISSING]]);
table('OR', [[[false, null, true], true], [[MISSING, null], null], [[0, ''], false], [[false, MISSING], MISSING]]);
table('NOT', [[[0], true], [[true], false], [[MISSING], MISSING], [[null], null]]);
table('IN', [[[1, [1, 2]], true], [[null, []], false], [[1, 'x'], null], [[MISSING, [1]], MISSING], [[3, [1, null]], null]]);
table('WITHIN', [
  [[1, [[1]]], true],
  [[3, { a: [{ b: 3 }] }], true],
  [[1, 1], null],
  [[null, [1]], null],
  [[1, [null]], null],
  [[MISSING, [1]], MISSING],
]);
table('EXISTS', [[[[]], false], [[[1]], true], [[1], null], [[null], null], [[MISSING], MISSING]]);
table('LIKE', [[['abc', 'a%'], true], [['abc', 'A%'], false], [['a', 'a', '!'], true], [[1, 'a'], null], [['a', null], null], [[MISSING, 'a'], MISSING]]);
