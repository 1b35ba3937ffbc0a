// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/filestore/test_cases/obj_functions/case_obj.json).
import { MISSING, table, throws } from './table.js';

const doc = { a: 1, b: { c: [1, { d: 2 }] } };
const nested = { a: 1, b: 2, c: { a: [{ b: 3 }, { b: 4 }, { b: [{ c: 5 }] }] } };

table('OBJECT_PATHS', [
  [[doc], ['a', 'b', 'b.c', 'b.c[1].d']],
  [[doc, { arraysubscript: false }], ['a', 'b', 'b.c', 'b.c[*].d']],
  [[doc, { composites: false }], ['a', 'b.c[0]', 'b.c[1].d']],
  [[doc, { pattern: 'c' }], ['b.c', 'b.c[1].d']],
  [[doc, { pattern: 'b.c', regex: false }], ['b.c', 'b.c[1].d']],
  [[doc, { types: true }], ['a', 'b', 'b.c', 'b.c[1].d']],
  [[{ 'a b': 1, c: { 'd.e': 2, 'f`g': 3 } }], ['`a b`', 'c', 'c.`d.e`', 'c.`f\\u0060g`']],
  [[{ '1a': 1, 'a-b': 2, é: 3, _x: 4, $x: 5, a1: 6, A: 7 }], ['$x', '1a', 'A', '_x', 'a-b', 'a1', 'é']],
  [[{ a: [1, { d: 2 }, { d: 3 }] }, { arraysubscript: false }], ['a', 'a[*].d']],
  [[{ a: [[1, [2]]] }], ['a']],
  [[{ a: [[1, [2]]] }, { composites: false }], ['a[0][0]', 'a[0][1][0]']],
  [[{ a: [{ b: 1 }] }, { composites: true }], ['a', 'a[0].b']],
  [[{ a: { b: {} } }], ['a', 'a.b']],
  [[{ a: 1, b: 2 }, { pattern: 'A', ignorecase: true }], ['a']],
  [[{}], []],
  [[{ a: 1 }, { pattern: '(', regex: true }], throws(5010)],
  [[MISSING], MISSING],
  [[null], null],
  [['x'], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, 'x'], null],
]);

table('OBJECT_PAIRS_NESTED', [
  [[nested], [
    { name: 'a', val: 1 },
    { name: 'b', val: 2 },
    { name: 'c.a[0].b', val: 3 },
    { name: 'c.a[1].b', val: 4 },
    { name: 'c.a[2].b[0].c', val: 5 },
  ]],
  [[nested, { pattern: '\\[2\\].b' }], [{ name: 'c.a[2].b[0].c', val: 5 }]],
  [[doc, { composites: true }], [
    { name: 'a', val: 1 },
    { name: 'b', val: { c: [1, { d: 2 }] } },
    { name: 'b.c', val: [1, { d: 2 }] },
    { name: 'b.c[0]', val: 1 },
    { name: 'b.c[1]', val: { d: 2 } },
    { name: 'b.c[1].d', val: 2 },
  ]],
  [[doc, { arraysubscript: false }], [{ name: 'a', val: 1 }, { name: 'b.c[0]', val: 1 }, { name: 'b.c[1].d', val: 2 }]],
  [[doc, { types: true }], [{ name: 'a', type: 'number' }, { name: 'b.c[0]', type: 'number' }, { name: 'b.c[1].d', type: 'number' }]],
  [[{ a: { b: {} }, c: [] }], []],
  [[{ a: { b: {} }, c: [] }, { composites: true }], [{ name: 'a', val: { b: {} } }, { name: 'a.b', val: {} }, { name: 'c', val: [] }]],
  [[{ ab: 1, b: 2 }, { pattern: 'A', ignorecase: true }], [{ name: 'ab', val: 1 }]],
  [[{ ab: 1, b: 2 }, { pattern: 'a.', regex: true }], [{ name: 'ab', val: 1 }]],
  [[{ ab: 1, b: 2 }, { pattern: 'a.', regex: false }], []],
  [[{ ab: 1, b: 2 }, { pattern: 'a.', exact: true }], [{ name: 'ab', val: 1 }]],
  [[{ ab: 1, b: 2 }, { pattern: 'b', exact: true }], [{ name: 'b', val: 2 }]],
  [[MISSING], MISSING],
  [[null], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, 'x'], null],
]);

table('OBJECT_FILTER', [
  [[{ a: 1, b: { c: 2, ab: 3 } }, { pattern: 'a' }], { a: 1, b: { ab: 3 } }],
  [[{ a: 1, b: { c: 2, ab: 3 } }, { pattern: '^b.ab$', regex: true }], { b: { ab: 3 } }],
  [[{ a: 1, b: { c: 2, ab: 3 } }, { pattern: 'b', exact: true }], { b: { ab: 3, c: 2 } }],
  [[{ a: 1, b: { c: 2, ab: 3 } }, { pattern: 'A', ignorecase: true }], { a: 1, b: { ab: 3 } }],
  [[{ a: 1, b: { c: 2, ab: 3 } }], { a: 1, b: { ab: 3, c: 2 } }],
  [[{ a: [{ x: 1 }, { y: 2 }], b: [1] }, { pattern: 'x' }], { a: [{ x: 1 }] }],
  [[{ a: [{ x: 1 }, { y: 2 }], b: [1] }, { pattern: 'a\\[1\\]' }], { a: [{ y: 2 }] }],
  [[{ a: [{ x: 1 }, { y: 2 }], b: [1] }, { pattern: 'b\\[0\\]' }], null],
  [[{ a: [{ x: 1 }, { x: 2 }] }, { pattern: 'a\\[\\*\\]', arraysubscript: false }], { a: [{ x: 1 }, { x: 2 }] }],
  [[{ a: { b: {} } }, { pattern: 'b' }], { a: { b: {} } }],
  [[{ 'a.b': 1 }, { pattern: 'a.b' }], { 'a.b': 1 }],
  [[{ a: 1 }, { pattern: '' }], { a: 1 }],
  [[{ a: 1 }, { pattern: 'z' }], null],
  [[{ a: 1 }, { pattern: 1 }], null],
  [[MISSING, 'a'], MISSING],
  [[null, 'a'], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, 'a'], null],
]);

// The reference lists OBJECT_EXTRACT's pairs in its hash map's order; tokenql sorts them by name.
table('OBJECT_EXTRACT', [
  [[{ a: 1, b: { c: 2, d: 3 } }], [{ name: 'a', val: 1 }, { name: 'b', val: { c: 2, d: 3 } }]],
  [[{ a: 1, b: { c: 2 } }, {}], [{ name: 'a', val: 1 }, { name: 'b', val: { c: 2 } }]],
  [[{ a: 1, b: { c: 2, d: 3 } }, { pattern: 'c' }], []],
  [[{ a: { b: { c: 1 } } }], [{ name: 'a', val: { b: { c: 1 } } }]],
  [[{}, { a: 1 }], []],
  [[MISSING, { a: 1 }], MISSING],
  [[null, { a: 1 }], null],
  [['x', { a: 1 }], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[{ a: 1 }, null], null],
  [[{ a: 1, b: 2 }, ['a']], null],
  [[{ a: 1, b: 2 }, 'a'], null],
]);

// An array as the first argument: paths from `[0]` (OBJECT_EXTRACT takes objects only), and
// the reference's order of the MISSING/NULL checks.
table('OBJECT_PATHS', [
  [[[{ a: 1 }, 2]], ['[0].a']],
  [[[{ a: 1 }, 2], { composites: false }], ['[0].a', '[1]']],
  [[[]], []],
  [[[1], MISSING], MISSING],
  [[[1], null], null],
  [[null, MISSING], null],
  [['abc', MISSING], null],
]);
table('OBJECT_PAIRS_NESTED', [
  [[[{ a: 1 }, 2]], [{ name: '[0].a', val: 1 }, { name: '[1]', val: 2 }]],
  [[[{ a: 1 }, 2], { composites: true }], [{ name: '[0]', val: { a: 1 } }, { name: '[0].a', val: 1 }, { name: '[1]', val: 2 }]],
  [[[1]], [{ name: '[0]', val: 1 }]],
  [[[1], MISSING], MISSING],
  [[null, MISSING], null],
]);
table('OBJECT_FILTER', [
  [[[{ a: 1 }], { pattern: 'a' }], [{ a: 1 }]],
  [[[1], MISSING], MISSING],
  [[null, MISSING], null],
]);
table('OBJECT_EXTRACT', [
  [[[1], MISSING], null],
  [[null, MISSING], null],
]);

// OBJECT_FILTER without a pattern keeps every path, but never bare array elements.
table('OBJECT_FILTER', [
  [[{}], null],
  [[[]], null],
  [[[1, 'a', null]], null],
  [[[[1], [{ a: 1 }]]], [[{ a: 1 }]]],
  [[{ b: [1, { c: null }], a: true }], { a: true, b: [1, { c: null }] }],
]);
