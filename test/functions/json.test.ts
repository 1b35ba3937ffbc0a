// Expected values: Couchbase docs `jsonfun.adoc` (ENCODE_JSON of MISSING is "", ENCODED_SIZE of
// MISSING is 0, POLY_LENGTH per type) and couchbase/query `expression/func_json.go` (DECODE_JSON:
// trimmed, empty or invalid text → NULL).
import { MISSING, table } from './table.js';

table('DECODE_JSON', [
  [['{"a":[1,true,null]}'], { a: [1, true, null] }],
  [['  "x"  '], 'x'],
  [['12.5'], 12.5],
  [['null'], null],
  [['\u00a0[1]\u00a0'], [1]],
  [[''], null],
  [['   '], null],
  [['{a:1}'], null],
  [['[1,'], null],
  [[1], null],
  [[MISSING], MISSING],
  [[null], null],
]);
table('JSON_DECODE', [[['[1]'], [1]], [[MISSING], MISSING], [[null], null], [[true], null]]);

table('ENCODE_JSON', [
  [[{ a: [1, 'x', null] }], '{"a":[1,"x",null]}'],
  [['x'], '"x"'],
  [[1.5], '1.5'],
  [[true], 'true'],
  [[null], 'null'],
  [[MISSING], ''],
]);
table('JSON_ENCODE', [[[[1]], '[1]'], [[MISSING], ''], [[null], 'null']]);

table('ENCODED_SIZE', [
  [[{ a: 1 }], 7],
  [['é'], 4],
  [[null], 4],
  [[MISSING], 0],
]);

table('POLY_LENGTH', [
  [['abc'], 3],
  [['é'], 2],
  [[[1, 2]], 2],
  [[{ a: 1, b: 2, c: 3 }], 3],
  [[1], null],
  [[true], null],
  [[MISSING], MISSING],
  [[null], null],
]);
