// Expected values: n1ql-reference (`ELEMENT`([1, 2], 5) and `SLICE`([1, 2, 3], 3) are MISSING,
// `FIELD`({"a": 1}, 1) NULL, TYPE(`ARRAY`(MISSING)[0]) "missing" …).
import { MISSING, table } from './table.js';

table('ELEMENT', [
  [[[1, 2], 1], 2],
  [[[1, 2], -1], 2],
  [[[1, 2], 5], MISSING],
  [[[1, 2], 1.5], null],
  [[[1], '0'], null],
  [[[1], null], null],
  [[null, 0], MISSING],
  [[[1], MISSING], MISSING],
]);
table('FIELD', [
  [[{ a: 1 }, 'a'], 1],
  [[{ a: 1 }, 'b'], MISSING],
  [[{ A: 1 }, 'a'], MISSING],
  [[1, 'a'], MISSING],
  [[null, 'a'], MISSING],
  [[{ a: 1 }, 1], null],
  [[{ a: 1 }, null], null],
  [[{ a: 1 }, MISSING], MISSING],
]);
table('SLICE', [
  [[[1, 2, 3], 1], [2, 3]],
  [[[1, 2, 3], 0, 2], [1, 2]],
  [[[1, 2, 3], -2], [2, 3]],
  [[[1, 2, 3], 3, 3], []],
  [[[1, 2, 3], 0, 0], []],
  [[[1, 2, 3], 5], MISSING],
  [[[1, 2, 3], 3], MISSING],
  [[[], 0], MISSING],
  [[[1, 2, 3], 1, 5], MISSING],
  [[[1, 2, 3], 2, 1], MISSING],
  [[[1, 2, 3], 1.5], null],
  [[['abc'][0], 1], null],
  [[null, 1], null],
  [[[1], null], null],
  [[[1, 2], MISSING], MISSING],
]);
table('ARRAY', [
  [[], []],
  [[1, null], [1, null]],
  [[MISSING], [MISSING]],
]);
