// Expected values: Couchbase docs `stringfun.adoc` examples, and couchbase/query
// `expression/func_str.go` (byte-based LENGTH/POSITION/SUBSTR, MB_ variants by code point).
import { MISSING, table } from './table.js';

const S = 'N1QL is awesome';

table('LOWER', [
  [[S], 'n1ql is awesome'],
  [['ÀΟΔΟΣ'], 'àοδοσ'], // Go maps each rune alone: no final sigma
  [['İ'], 'i'],
  [[''], ''],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
  [[['A']], null],
]);

table('UPPER', [
  [[S], 'N1QL IS AWESOME'],
  [['straße'], 'STRAßE'], // Go: ß has no simple upper case
  [[MISSING], MISSING],
  [[null], null],
  [[true], null],
]);

table('LENGTH', [
  [[''], 0],
  [[S], 15],
  [['é'], 2],
  [['😀'], 4],
  [[MISSING], MISSING],
  [[null], null],
  [[[1, 2]], null],
  [[12], null],
]);

table('MB_LENGTH', [
  [['é'], 1],
  [['😀a'], 2],
  [[MISSING], MISSING],
  [[null], null],
  [[5], null],
]);

table('CONTAINS', [
  [[S, 'N1QL'], true],
  [[S, 'SQL'], false],
  [[S, ''], true],
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
  [['a', null], null],
  [[null, MISSING], MISSING],
  [[1, 'a'], null],
  [['a', 1], null],
]);

table('POSITION', [
  [[S, 'awesome'], 8],
  [[S, 'N1QL'], 0],
  [[S, 'SQL'], -1],
  [['é1', '1'], 2], // byte offset
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
  [['a', null], null],
  [[1, 'a'], null],
  [['a', ['a']], null],
]);

table('POSITION1', [
  [[S, 'awesome'], 9],
  [[S, 'SQL'], 0],
  [[MISSING, 'a'], MISSING],
  [[null, 'a'], null],
  [['a', 2], null],
]);

table('MB_POSITION', [
  [['éa', 'a'], 1],
  [['éa', 'x'], -1],
  [[MISSING, 'a'], MISSING],
  [['a', null], null],
  [[{}, 'a'], null],
]);

table('MB_POSITION1', [
  [['éa', 'a'], 2],
  [['éa', 'x'], 0],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
]);

table('SUBSTR', [
  [[S, 3], 'L is awesome'],
  [[S, 3, 1], 'L'],
  [[S, 3, 3], 'L i'],
  [['abc', -1], 'c'],
  [['abc', 1, 10], 'bc'],
  [['abc', 0, 0], ''],
  [['abc', 3], null],
  [['abc', -4], null],
  [['', 0], null],
  [['abc', 0, -1], null],
  [['abc', 1.5], null],
  [['abc', 0, 1.5], null],
  [['éa', 1], '\ufffda'], // cuts é: its second byte is invalid UTF-8
  [['abc', '1'], null],
  [[1, 0], null],
  [[MISSING, 0], MISSING],
  [['abc', MISSING], MISSING],
  [['abc', 0, MISSING], MISSING],
  [[null, 0], null],
  [['abc', null], null],
  [['abc', 0, null], null],
  [[null, MISSING], MISSING],
]);

table('SUBSTR1', [
  [['N1QL', 1, 2], 'N1'],
  [['N1QL', 0, 2], 'N1'],
  [['abc', -1], 'c'],
  [['abc', 4], null],
  [[MISSING, 1], MISSING],
  [['abc', null], null],
  [['abc', 'x'], null],
]);

table('MB_SUBSTR', [
  [['éa😀b', 2], '😀b'],
  [['éa😀b', 1, 2], 'a😀'],
  [['éa😀b', -1], 'b'],
  [['éa', 2], null],
  [[MISSING, 1], MISSING],
  [['abc', null], null],
  [[[], 0], null],
]);

table('MB_SUBSTR1', [
  [['éab', 1, 1], 'é'],
  [['éab', 3], 'b'],
  [['éab', MISSING], MISSING],
  [[null, 1], null],
]);

table('CONCAT', [
  [['abc', 'def', 'ghi'], 'abcdefghi'],
  [['a', ''], 'a'],
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [['a', null], null],
  [[null, 'a'], null],
  [['a', 1], null],
  [[1, MISSING], MISSING],
]);

table('CONCAT2', [
  [['-', 'a', 'b', ['c', 'd'], ['xyz']], 'a-b-c-d-xyz'],
  [['-', 'a'], 'a'],
  [['-', ['b']], 'b'],
  [['', 'a', 'b'], 'ab'],
  [['-', 'a', [1]], null],
  [['-', 'a', ['b', null]], null],
  [['-', 1], null],
  [[1, 'a'], null],
  [[MISSING, 'a'], MISSING],
  [['-', MISSING], MISSING],
  [[null, 'a'], null],
  [['-', 'a', null], null],
]);
