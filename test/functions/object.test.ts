// Expected values: couchbase/query `expression/func_obj.go` (names sorted in Go string order,
// OBJECT_ADD never overwrites, OBJECT_PUT with MISSING removes) and docs `objectfun.adoc`.
import { MISSING, table } from './table.js';

const O = { b: 2, a: 1, c: [3] };

table('OBJECT_LENGTH', [[[O], 3], [[{}], 0], [[[1]], null], [[MISSING], MISSING], [[null], null]]);
table('OBJECT_NAMES', [
  [[O], ['a', 'b', 'c']],
  [[{ b: 1, B: 2, é: 3 }], ['B', 'b', 'é']],
  [[{}], []],
  [['a'], null],
  [[MISSING], MISSING],
  [[null], null],
]);
table('OBJECT_VALUES', [[[O], [1, 2, [3]]], [[{}], []], [[1], null], [[MISSING], MISSING], [[null], null]]);
table('OBJECT_PAIRS', [
  [[{ b: 2, a: null }], [{ name: 'a', val: null }, { name: 'b', val: 2 }]],
  [[{}], []],
  [[[]], null],
  [[MISSING], MISSING],
  [[null], null],
  // The options argument (func_obj.go ObjectPairs: MaxArgs 2, "types").
  [[{ b: 1, a: 'x' }, { types: true }], [{ name: 'a', type: 'string' }, { name: 'b', type: 'number' }]],
  [[{ c: [], b: null, a: {} }, { types: true }], [{ name: 'a', type: 'object' }, { name: 'b', type: 'null' }, { name: 'c', type: 'array' }]],
  [[{ a: 1 }, { types: false }], [{ name: 'a', val: 1 }]],
  [[{ a: 1 }, { types: 'yes' }], [{ name: 'a', val: 1 }]],
  [[{ a: 1 }, {}], [{ name: 'a', val: 1 }]],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, 1], null],
  [[MISSING, { types: true }], MISSING],
  [[null, MISSING], null],
  [[1, { types: true }], null],
]);
table('OBJECT_OUTER_PAIRS', [
  [[{ b: 1, a: 'x' }, { types: true }], [{ name: 'a', type: 'string' }, { name: 'b', type: 'number' }]],
  [[MISSING], MISSING],
  [[null], null],
]);
table('OBJECT_UNWRAP', [[[{ a: 'x' }], 'x'], [[{ a: 1, b: 2 }], null], [[{}], null], [[1], null], [[MISSING], MISSING], [[null], null]]);

table('OBJECT_ADD', [
  [[{ a: 1 }, 'b', 2], { a: 1, b: 2 }],
  [[{ a: 1 }, 'a', 2], { a: 1 }],
  [[{ a: 1 }, 'b', null], { a: 1, b: null }],
  [[{ a: 1 }, 'b', MISSING], { a: 1 }],
  [[MISSING, 'b', 1], MISSING],
  [[{ a: 1 }, MISSING, 1], MISSING],
  [[null, 'b', 1], null],
  [[{ a: 1 }, null, 1], null],
  [[{ a: 1 }, 2, 1], null],
  [[[1], 'b', 1], null],
]);

table('OBJECT_PUT', [
  [[{ a: 1 }, 'a', 2], { a: 2 }],
  [[{ a: 1 }, 'b', 2], { a: 1, b: 2 }],
  [[{ a: 1 }, 'a', null], { a: null }],
  [[{ a: 1, b: 2 }, 'a', MISSING], { b: 2 }],
  [[MISSING, 'a', 1], MISSING],
  [[{}, MISSING, 1], MISSING],
  [[null, 'a', 1], null],
  [[{}, null, 1], null],
  [[{}, 1, 1], null],
]);

table('OBJECT_REMOVE', [
  [[{ a: 1, b: 2, c: 3 }, 'a', 'c'], { b: 2 }],
  [[{ a: 1 }, 'x'], { a: 1 }],
  [[{ a: 1 }, 1], null],
  [[MISSING, 'a'], MISSING],
  [[{ a: 1 }, MISSING], MISSING],
  [[null, 'a'], null],
  [[{ a: 1 }, null], null],
]);

table('OBJECT_CONCAT', [
  [[{ a: 1 }, { b: 2 }, { a: 3 }], { a: 3, b: 2 }],
  [[{ a: 1 }, [1]], null],
  [[MISSING, {}], MISSING],
  [[{}, null], null],
]);

table('OBJECT_RENAME', [
  [[{ a: 1, b: 2 }, 'a', 'z'], { z: 1, b: 2 }],
  [[{ a: 1 }, 'x', 'z'], { a: 1 }],
  [[{ a: 1 }, 'a', 1], null],
  [[MISSING, 'a', 'b'], MISSING],
  [[{}, MISSING, 'b'], MISSING],
  [[{}, 'a', MISSING], MISSING],
  [[null, 'a', 'b'], null],
]);

table('OBJECT_REPLACE', [
  [[{ a: 1, b: 2, c: 1 }, 1, 'x'], { a: 'x', b: 2, c: 'x' }],
  [[{ a: 1 }, 1, null], { a: null }],
  [[{ a: 1, b: 2 }, 1, MISSING], { b: 2 }],
  [[{ a: 1 }, null, 2], null],
  [[MISSING, 1, 2], MISSING],
  [[{ a: 1 }, MISSING, 2], MISSING],
  [[null, 1, 2], null],
  [[[1], 1, 2], null],
]);
