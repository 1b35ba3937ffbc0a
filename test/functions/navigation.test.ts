// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/gsi/test_cases/nav_functions/case_func_nav.json).
import { MISSING, table } from './table.js';

table('SLICE', [
  [[[1, 2, 3, 4], 2, 4], [3, 4]],
  [[[1, 2, 3, 4], 1], [2, 3, 4]],
  [[[1, 2, 3, 4], 1, 2], [2]],
  [[[1, 2, 3, 4]], [1, 2, 3, 4]],
  [[[1, 2, 3, 4], 5], MISSING],
  [[[1, 2], '1'], null],
  [[[1, 2, 3, 4], null], null],
  [[[1, 2], MISSING], MISSING],
  [[null, 1], null],
  [[MISSING, 1], MISSING],
  [['abc', 1], null],
]);

table('FIELD', [
  [[{ a: 'a field', b: 2 }, 'b'], 2],
  [[{ a: 1 }, 'b'], MISSING],
  [[{ a: { b: 1 } }, 'a.b'], MISSING],
  [[{ a: 1 }, 1], null],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, MISSING], MISSING],
  [[null, 'a'], MISSING],
  [[MISSING, 'a'], MISSING],
  [['x', 'a'], MISSING],
]);

table('ELEMENT', [
  [[['a', 'b', 'c', 'd', 'e'], 2], 'c'],
  [[[1, 2], -1], 2],
  [[[1, 2], 5], MISSING],
  [[[1, 2], 0.5], null],
  [[[1, 2], '0'], null],
  [[{ a: 1 }, 'a'], null],
  [[[1, 2], null], null],
  [[[1, 2], MISSING], MISSING],
  [[null, 0], MISSING],
  [[MISSING, 0], MISSING],
  [['ab', 0], MISSING],
]);

// MISSING target wins over a wrong-typed name (the reference's answers).
table('FIELD', [[[MISSING, null], MISSING], [[MISSING, 1], MISSING]]);
