// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/filestore/test_cases/obj_functions/case_obj.json).
import { MISSING, table } from './table.js';
// OBJECT_FIELD evaluates expression text with the compiler, which installs itself on load.
import '../../src/eval/compile-expr.js';

table('OBJECT_INNER_PAIRS', [
  [[{ a: 1, b: { c: 2 } }], [{ name: 'a', val: 1 }, { name: 'b', val: { c: 2 } }]],
  [[{ a: 1, b: { c: 2 }, d: [1] }], [{ name: 'a', val: 1 }, { name: 'b', val: { c: 2 } }, { name: 'd', val: [1] }]],
  [[{ a: null }], [{ name: 'a', val: null }]],
  [[{}], []],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
]);
table('OBJECT_INNERPAIRS', [[[{ a: 1 }], [{ name: 'a', val: 1 }]]]);

table('OBJECT_INNER_VALUES', [
  [[{ a: 1, b: { c: 2 }, d: null }], [1, { c: 2 }, null]],
  [[{ a: 1, b: { c: 2 }, d: [1] }], [1, { c: 2 }, [1]]],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);
table('OBJECT_INNERVALUES', [[[{ a: { b: { c: 1 } }, d: [{ e: 1 }] }], [{ b: { c: 1 } }, [{ e: 1 }]]]]);

table('OBJECT_TYPES', [
  [[{ a: 1, b: 'x', c: [1], d: { e: 1 }, f: null, g: true }], { a: 'number', b: 'string', c: 'array', d: 'object', f: 'null', g: 'boolean' }],
  [[{}], {}],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);

table('OBJECT_TYPES_NESTED', [
  [
    [{ a: 1, b: 'x', c: [1, { z: 1 }], d: { e: 1 }, f: null, g: true }],
    { a: 'number', b: 'string', c: ['number', { z: 'number' }], d: { e: 'number' }, f: 'null', g: 'boolean' },
  ],
  [[{ a: [[1]] }], { a: [['number']] }],
  [[MISSING], MISSING],
  [[null], null],
  [[[1]], null],
]);

table('OBJECT_CONCAT2', [
  [[{ a: 1 }, { b: 2 }], { a: 1, b: 2 }],
  [[{ a: 1 }, [{ b: 2 }, { c: 3 }]], { a: 1, b: 2, c: 3 }],
  [[{ a: 1 }, { b: 2 }, [{ c: 3 }]], { a: 1, b: 2, c: 3 }],
  [[{ a: 1 }, { a: 2 }], { a: 2 }],
  [[{ a: 1 }, []], { a: 1 }],
  [[[{ a: 1 }], { b: 2 }], null],
  [[{ a: 1 }, [{ b: 2 }, 3]], null],
  [[{ a: 1 }, [null]], null],
  [[{ a: 1 }, 1], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
]);

table('OBJECT_REMOVE_FIELDS', [
  [[{ a: 1, b: 2, c: 3 }, 'a'], { b: 2, c: 3 }],
  [[{ a: 1, b: 2, c: 3 }, ['a', 'b']], { c: 3 }],
  [[{ a: 1, b: 2, c: 3 }, 'a', 'c'], { b: 2 }],
  [[{ a: 1, b: { c: 3 } }, 'b.c'], { a: 1, b: {} }],
  [[{ a: 1, b: { c: 3 } }, '`b`.c'], { a: 1, b: {} }],
  [[{ 'a.b': 1, a: { b: 2 } }, '`a.b`'], { a: { b: 2 } }],
  [[{ a: [{ b: 1 }] }, 'a[0].b'], { a: [{}] }],
  [[{ a: { b: 1 } }, 'a.b.c'], { a: { b: 1 } }],
  [[{ a: 1 }, 'x'], { a: 1 }],
  [[{ a: 1 }, []], { a: 1 }],
  [[{ a: 1 }, 1], null],
  [[{ a: 1 }, [1, 'a']], null],
  [[{ a: 1 }, 'a', null], null],
  [[{ a: 1 }, 'a', MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[null, 'a'], null],
  [[MISSING, 'a'], MISSING],
]);

// The reference visits nested objects in its hash map's order; tokenql in name order.
table('PAIRS', [
  [[{ a: 1, b: { c: 2 } }], [['a', 1], ['b', { c: 2 }], ['c', 2]]],
  [[[1, { a: 2 }]], [['a', 2]]],
  [[{ a: [1, 2] }], [['a', [1, 2]], ['a', 1], ['a', 2]]],
  [[{ a: [{ b: 1 }] }], [['a', [{ b: 1 }]], ['a', { b: 1 }], ['b', 1]]],
  [[{ a: [[1, 2]] }], [['a', [[1, 2]]], ['a', [1, 2]]]],
  [[[[{ a: 1 }]]], [['a', 1]]],
  [[{}], []],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
  [['x'], null],
]);

table('OBJECT_FIELD', [
  [[{ a: 1, b: { c: 2 } }, 'a'], 1],
  [[{ a: 1, b: { c: 2 } }, 'b.c'], 2],
  [[{ a: 1, b: [{ c: 2 }] }, 'b[0].c'], 2],
  [[{ 'a b': 1 }, '`a b`'], 1],
  [[{ a: { b: 1 } }, 'a.`b`'], 1],
  [[{ a: [1, 2] }, 'a[-1]'], 2],
  [[{ a: 1 }, 'a+1'], 2],
  [[{ a: 1 }, 'lower(a)'], null],
  [[{ a: 1 }, 'self'], { a: 1 }],
  [[{ a: 1 }, 'x'], MISSING],
  [[{ A: 1 }, 'a'], MISSING],
  [[{ a: { b: 1 } }, 'a.b.c'], MISSING],
  [[{ a: 1 }, ''], null],
  [[{ a: 1 }, 'a b'], null],
  [[{ a: 1 }, 1], null],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[null, 'a'], null],
  [[MISSING, 'a'], MISSING],
  [['x', 'a'], null],
]);
