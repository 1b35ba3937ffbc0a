// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/filestore/test_cases/array_functions/case_func_array.json).
import { MISSING, table } from './table.js';

table('ARRAY_CONTAINS_ALL', [
  [[[1, 2, 3], [1, 2]], true],
  [[[1, 2, 3], [1, 2, 3, 4]], false],
  [[[1, 2, 3], []], true],
  [[[1, null], [null]], false],
  [[[1, 2], [1, 1.0]], true],
  [[[1], 1], true],
  [[MISSING, [1]], MISSING],
  [[[1], MISSING], MISSING],
  [[null, [1]], null],
  [[[1], null], null],
  [[['a'], 'a'], true],
  [['a', [1]], null],
]);

table('ARRAY_CONTAINS_ANY', [
  [[[1, 2, 3], [9, 1]], true],
  [[[1, 2, 3], [9, 8]], false],
  [[[1, 2, 3], []], false],
  [[[1, null], [null]], false],
  [[[[1]], [[1]]], true],
  [[[1], 'x'], false],
  [[MISSING, [1]], MISSING],
  [[null, [1]], null],
  [[[1], null], null],
]);

table('ARRAY_BINARY_SEARCH', [
  [[[1, 2, 3, 4], 4], 3],
  [[[1, 2, 3, 4], 1], 0],
  [[[1, 2, 3, 4], 5], -1],
  [[[1, 2, 3], 2.0], 1],
  [[[1, 2, 3, 3, 5, 5, 5, 5, 5, 5], 5], 4],
  [[[0, 0, 1, 2, 3, 3, 3, 5], 0], 0],
  [[[], 0], -1],
  [[[3, 2, 1], 3], -1],
  [[[1, 'a', [1], { a: 1 }], { a: 1 }], 3],
  [[[1, 2, 3, 4], MISSING], -1],
  [[[MISSING, MISSING, null, 1, 2], MISSING], 0],
  [[[MISSING, MISSING, null, null, 1, 2], null], 2],
  [[[1, 2, 3], null], -1],
  [[MISSING, 1], MISSING],
  [[null, 1], null],
  [['x', 1], null],
]);

table('ARRAY_SWAP', [
  [[[1, 2, 3], 0, 2], [3, 2, 1]],
  [[[1, 2, 3, 4], 0, 0], [1, 2, 3, 4]],
  [[[1, 2, 3, 4], -1, -4], [4, 2, 3, 1]],
  [[['Tom', 'Bob', 'Sam', 'Alice', [1, 2, 3, 4]], 1, 4], ['Tom', [1, 2, 3, 4], 'Sam', 'Alice', 'Bob']],
  [[[1, 2, 3, 4], -5, 5], null],
  [[[1, 2, 3, 4], 0.5, 5], null],
  [[[1, 2, 3], 0, 3], null],
  [[[1, 2, 3], 0, '1'], null],
  [[[], 0, 0], null],
  [[['Tom', 'Bob'], 5, MISSING], MISSING],
  [[[1, 2, 3], null, MISSING], MISSING],
  [[MISSING, 0, 2], MISSING],
  [[null, 0, 2], null],
  [[[1, 2, 3], null, 2], null],
  [['abc', 0, 2], null],
]);

table('ARRAY_MOVE', [
  [[[1, 2, 3, 4], 0, 2], [2, 3, 1, 4]],
  [[[1, 2, 3, 4], 3, 0], [4, 1, 2, 3]],
  [[[1, 2, 3, 4], -1, 0], [4, 1, 2, 3]],
  [[[1, 2, 3, 4], 0, -4], [1, 2, 3, 4]],
  [[['Tom', 'Bob', 'Sam', 'Alice', [1, 2, 3, 4]], 1, 4], ['Tom', 'Sam', 'Alice', [1, 2, 3, 4], 'Bob']],
  [[[1, 2, 3, 4], 0, 4], null],
  [[[1, 2, 3, 4], -5, 5], null],
  [[[1, 2, 3, 4], 0.5, 5], null],
  [[['Tom'], MISSING, 5], MISSING],
  [[MISSING, 1, 1], MISSING],
  [[null, 1, 1], null],
  [[[1, 2, 3], 1, null], null],
  [[{}, 1, 1], null],
]);

// The reference returns these in its hash map's order; tokenql in order of first appearance.
table('ARRAY_SYMDIFF', [
  [[[1, 2, 3], [2, 3, 4]], [1, 4]],
  [[[1, 2, 3], [2, 3, 4], [3, 5]], [1, 4, 5]],
  [[[1, 1, 2], [2, 3, 3]], [1, 3]],
  [[[null, 1], [null]], [1]],
  [[[1, 2], MISSING], MISSING],
  [[[1, 2], MISSING, null], MISSING],
  [[[1, 2], null], null],
  [[[1, 2], 'a'], null],
]);
table('ARRAY_SYMDIFF1', [[[[1, 2, 3], [2, 3, 4], [3, 5]], [1, 4, 5]], [[MISSING, [1]], MISSING], [[null, [1]], null]]);
table('ARRAY_SYMDIFFN', [
  [[[1, 2, 3], [2, 3, 4], [3, 5]], [1, 3, 4, 5]],
  [[[1, 1, 2], [2, 3, 3]], [1, 3]],
  [[[3, 1], [2], [4, 3]], [1, 2, 4]],
  [[[1, 2], MISSING], MISSING],
  [[[1, 2], null], null],
  [[[1, 2], 1], null],
]);

table('ARRAY_STAR', [
  [[[{ a: 1 }, { b: 2 }]], { a: [1, null], b: [null, 2] }],
  [[[{ a: 1 }, { b: 2 }, 3]], { a: [1, null, null], b: [null, 2, null] }],
  [[[{ b: 1, a: 2 }, { c: { d: 1 } }]], { a: [2, null], b: [1, null], c: [null, { d: 1 }] }],
  [[[]], {}],
  [[[1, 2]], {}],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
  [[{ a: 1 }], null],
]);

table('ARRAY_TO_STRING', [
  [[',', ['a', 'b']], 'a,b'],
  [[',', 'a', 'b'], 'a,b'],
  [[',', ['a'], ['b', 'c']], 'a,b,c'],
  [[',', []], ''],
  [['', ['a', 'b']], 'ab'],
  [['a', ','], ','],
  [[',', [1, 2]], null],
  [[',', ['a', null]], null],
  [[',', ['a', ['b']]], null],
  [[',', 'x', 1], null],
  [[1, ['a']], null],
  [[',', MISSING], MISSING],
  [[MISSING, ['a']], MISSING],
  [[',', ['a', MISSING, 'b']], MISSING],
  [[',', null, MISSING], MISSING],
  [[',', null], null],
  [[null, ['a']], null],
]);

table('ARRAY_REPLACE_EQUIVALENT', [
  [[[1, 2, 1], 1, 9], [9, 2, 9]],
  [[[1, 2, 1], 1, 9, 1], [9, 2, 1]],
  [[[1, 2, 1], 1, 9, 0], [1, 2, 1]],
  [[[1, 2, 1], 1, 9, -1], [1, 2, 1]],
  [[[null, MISSING, 1], null, 9], [9, MISSING, 1]],
  [[[1, 1.0], 1, 2], [2, 2]],
  [[[[1], { a: 1 }], { a: 1 }, 9], [[1], 9]],
  [[[1], 1, null], [null]],
  [[[1, 2, 1], 1, 9, 1.5], null],
  [[[1, 2, 1], 1, 9, null], null],
  [[[1, 2, 1], 1, 9, MISSING], MISSING],
  [[[null, 1], MISSING, 9], MISSING],
  [[[1], 1, MISSING], MISSING],
  [[MISSING, 1, 9], MISSING],
  [[null, 1, 9], null],
  [['x', 1, 9], null],
]);

// A MISSING argument wins over a wrong-typed one (the reference's answers).
table('ARRAY_CONTAINS_ANY', [[[null, MISSING], MISSING], [['abc', MISSING], MISSING]]);
table('ARRAY_CONTAINS_ALL', [[[1, MISSING], MISSING]]);
