// Expected values: Couchbase docs `patternmatchingfun.adoc` examples, and couchbase/query
// `expression/func_regexp.go` (literal replacement, byte positions, Go's successive-match rule).
// REGEXP_LIKE anchors the whole pattern (DESIGN §7), unlike the reference's `^p$`.
import { MISSING, table, throws } from './table.js';

table('REGEXP_CONTAINS', [
  [['Beijing Inn', 'In+.*'], true],
  [['Inverness Castle', 'In+.*'], true],
  [['Medway Youth Hostel', 'In+.*'], false],
  [['abc', ''], true],
  [['abc', '('], throws(5010)],
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
  [['a', null], null],
  [[1, 'a'], null],
  [['a', 1], null],
]);

table('REGEX_CONTAINS', [
  [['Beijing Inn', 'In+'], true],
  [[MISSING, 'a'], MISSING],
  [[null, 'a'], null],
]);

table('REGEXP_LIKE', [
  [['In-N-Out Burger', 'In+.*'], true],
  [['Beijing Inn', 'In+.*'], false],
  [['ab', 'a|x'], false],
  [['ab', 'a|ab'], true],
  [['a\nb', 'a.b'], false],
  [['a', '['], throws(5010)],
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
  [['a', null], null],
  [[['a'], 'a'], null],
  [['a', {}], null],
]);

table('REGEX_LIKE', [
  [['abc', 'a.c'], true],
  [['a', MISSING], MISSING],
  [['a', null], null],
]);

table('REGEXP_POSITION', [
  [['Medway', '[aeiou]'], 1],
  [['Youth', '[aeiou]'], 1],
  [['The', '[aeiou]'], 2],
  [['Balmoral', '[aeiou]'], 1],
  [['xyz', '[aeiou]'], -1],
  [['éa', 'a'], 2], // byte offset
  [[MISSING, 'a'], MISSING],
  [['a', MISSING], MISSING],
  [[null, 'a'], null],
  [['a', null], null],
  [[1, 'a'], null],
]);

table('REGEXP_POSITION1', [
  [['The', '[aeiou]'], 3],
  [['xyz', '[aeiou]'], -1],
  [[MISSING, 'a'], MISSING],
  [[null, 'a'], null],
  [['a', true], null],
]);

table('REGEXP_REPLACE', [
  [['N1QL is Sql(infact, sql++) for NoSql', '[sS][qQ][lL]', 'SQL'], 'N1QL is SQL(infact, SQL++) for NoSQL'],
  [['Winning innings Inn', '[Ii]n+', 'Hotel', 6], 'WHotelHotelg HotelHotelgs Hotel'],
  [['Winning innings Inn', '[IiNn]+g', 'INNING', 2], 'WINNING INNINGs Inn'],
  [['Texas Wings', 'n+', 'NNNN'], 'Texas WiNNNNgs'],
  [['40-Mile Air', 'n+', 'NNNN'], '40-Mile Air'],
  [['abc', '(b)', '[$1]'], 'a[$1]c'], // literal replacement
  [['abc', 'b*', '-'], '-a-c-'], // Go: no empty match right after a match
  [['aaa', 'a', 'b', 0], 'aaa'],
  [['aaa', 'a', 'b', -1], 'aaa'],
  [['aaa', 'a', 'b', 1.5], null],
  [['aaa', 'a', 'b', '1'], null],
  [['a', '(', 'b'], throws(5010)],
  [[MISSING, 'a', 'b'], MISSING],
  [['a', MISSING, 'b'], MISSING],
  [['a', 'a', MISSING], MISSING],
  [['a', 'a', 'b', MISSING], MISSING],
  [[null, 'a', 'b'], null],
  [['a', null, 'b'], null],
  [['a', 'a', null], null],
  [['a', 'a', 'b', null], null],
  [[1, 'a', 'b'], null],
  [['a', 'a', 2], null],
]);

table('REGEX_REPLACE', [
  [['aXbX', 'X', '-'], 'a-b-'],
  [[MISSING, 'a', 'b'], MISSING],
  [[null, 'a', 'b'], null],
]);

table('REGEXP_MATCHES', [
  [['a1b22c333', '[0-9]+'], ['1', '22', '333']],
  [['abc', '[0-9]+'], []],
  [[MISSING, 'a'], MISSING],
  [['a', null], null],
  [[1, 'a'], null],
]);

table('REGEXP_SPLIT', [
  [['a1b22c', '[0-9]+'], ['a', 'b', 'c']],
  [['a1b2', '[0-9]'], ['a', 'b']],
  [['a1b', 'x'], []],
  [[MISSING, 'a'], MISSING],
  [['a', null], null],
  [['a', 1], null],
]);
