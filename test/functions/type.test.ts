// Expected values: couchbase/query `expression/func_type_check.go` and `func_type_conv.go`.
import { MISSING, table } from './table.js';

table('TYPE', [
  [[MISSING], 'missing'],
  [[null], 'null'],
  [[false], 'boolean'],
  [[1.5], 'number'],
  [[''], 'string'],
  [[[]], 'array'],
  [[{}], 'object'],
]);
table('TYPENAME', [[[MISSING], 'missing'], [[null], 'null'], [[1], 'number']]);

table('IS_ARRAY', [[[[1]], true], [[{}], false], [['a'], false], [[MISSING], MISSING], [[null], null]]);
table('IS_ATOM', [
  [[true], true],
  [[1], true],
  [['a'], true],
  [[[1]], false],
  [[{}], false],
  [[MISSING], MISSING],
  [[null], null],
]);
table('IS_BOOLEAN', [[[false], true], [[0], false], [[MISSING], MISSING], [[null], null]]);
table('IS_BOOL', [[[true], true], [['true'], false], [[MISSING], MISSING], [[null], null]]);
table('IS_NUMBER', [[[0], true], [['0'], false], [[MISSING], MISSING], [[null], null]]);
table('IS_NUM', [[[-2.5], true], [[[]], false], [[MISSING], MISSING], [[null], null]]);
table('IS_OBJECT', [[[{ a: 1 }], true], [[[]], false], [[MISSING], MISSING], [[null], null]]);
table('IS_OBJ', [[[{}], true], [['{}'], false], [[MISSING], MISSING], [[null], null]]);
table('IS_STRING', [[[''], true], [[1], false], [[MISSING], MISSING], [[null], null]]);
table('IS_STR', [[['a'], true], [[['a']], false], [[MISSING], MISSING], [[null], null]]);

table('TO_ARRAY', [
  [[1], [1]],
  [[[1, 2]], [1, 2]],
  [[{ a: 1 }], [{ a: 1 }]],
  [['a'], ['a']],
  [[MISSING], MISSING],
  [[null], null],
]);

table('TO_ATOM', [
  [['s'], 's'],
  [[1], 1],
  [[true], true],
  [[[1]], 1],
  [[[[{ a: 'x' }]]], 'x'],
  [[{ a: [2] }], 2],
  [[[1, 2]], null],
  [[[]], null],
  [[{}], null],
  [[{ a: 1, b: 2 }], null],
  [[MISSING], MISSING],
  [[null], null],
]);

table('TO_BOOLEAN', [
  [[true], true],
  [[false], false],
  [[0], false],
  [[-0.5], true],
  [[''], false],
  [['false'], true],
  [[[]], false],
  [[[0]], true],
  [[{}], false],
  [[{ a: 0 }], true],
  [[MISSING], MISSING],
  [[null], null],
]);

table('TO_NUMBER', [
  [[42], 42],
  [[true], 1],
  [[false], 0],
  [['123'], 123],
  [['a12'], null],
  [['-1.5e3'], -1500],
  [['.5'], 0.5],
  [['+7'], 7],
  [['0x1p-2'], 0.25],
  [[' 1'], null],
  [[''], null],
  [['1e999'], null],
  // Go ParseFloat's specials and underscores (n1ql-reference: "NaN", "+Infinity", "-Infinity", 1000 …).
  [['NaN'], NaN],
  [['nan'], NaN],
  [['+nan'], null],
  [['Inf'], Infinity],
  [['+Infinity'], Infinity],
  [['-Infinity'], -Infinity],
  [['infinity'], Infinity],
  [['infin'], null],
  [['1_000'], 1000],
  [['1_0.5'], 10.5],
  [['1_000e1_0'], 10000000000000],
  [['0x_1p4'], 16],
  [['1__0'], null],
  [['_1'], null],
  [['0x10'], null],
  [['017'], 17],
  [['1e-400'], 0],
  [['-1e400'], null],
  [[[1]], null],
  [[{}], null],
  [['1,5', ''], 1.5],
  [['1 000', ''], 1000],
  [['$1,000.50', '$,'], 1000.5],
  [['1,000,000', ''], null],
  [['12', 1], null],
  [['12', MISSING], null],
  [['12', null], null],
  [[5, MISSING], 5],
  [[MISSING], MISSING],
  [[null], null],
]);

table('TO_OBJECT', [
  [[{ a: 1 }], { a: 1 }],
  [[1], {}],
  [['a'], {}],
  [[[1]], {}],
  [[MISSING], MISSING],
  [[null], null],
]);

table('TO_STRING', [
  [['a'], 'a'],
  [[true], 'true'],
  [[false], 'false'],
  [[1], '1'],
  [[1.5], '1.5'],
  [[-0.25], '-0.25'],
  [[1e21], '1000000000000000000000'],
  [[1e-7], '0.0000001'],
  [[1.5e-7], '0.00000015'],
  [[123456789012345680000], '123456789012345680000'],
  [[[1]], null],
  [[{ a: 1 }], null],
  [[MISSING], MISSING],
  [[null], null],
]);
table('TOSTR', [[[2], '2'], [[MISSING], MISSING], [[null], null], [[[]], null]]);

// The reference's answers (there are no binary values in JSON documents).
table('IS_BINARY', [[[1], false], [['x'], false], [[[1]], false], [[MISSING], MISSING], [[null], null]]);
table('ISBIN', [[['x'], false]]);
