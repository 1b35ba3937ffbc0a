// Expected values: Couchbase docs `stringfun.adoc` examples, and couchbase/query
// `expression/func_str.go` (Go strings.Trim/Fields/Split/Replace/Title semantics).
import { MISSING, table, throws } from './table.js';

const S = 'N1QL is awesome';

table('LTRIM', [
  [['...N1QL is awesome', '.'], S],
  [['     N1QL is awesome', ' '], S],
  [['     N1QL is awesome'], S],
  [[S], S],
  [['\t\n x '], 'x '],
  [['abcxa', 'ab'], 'cxa'],
  [[MISSING], MISSING],
  [['a', MISSING], MISSING],
  [[null], null],
  [['a', null], null],
  [[1], null],
  [['a', 1], null],
]);

table('RTRIM', [
  [['N1QL is awesome...', '.'], S],
  [['N1QL is awesome     ', ' '], S],
  [['N1QL is awesome     '], S],
  [[S], S],
  [['a😀😀', '😀'], 'a'],
  [[MISSING], MISSING],
  [[null], null],
  [['a', null], null],
  [[[], ' '], null],
]);

table('TRIM', [
  [['...N1QL is awesome...', '.'], S],
  [['     N1QL is awesome     ', ' '], S],
  [['     N1QL is awesome     '], S],
  [[S], S],
  [['\va\v'], '\va\v'], // the default set is " \t\n\f\r", without VT
  [['xxaxx', 'x'], 'a'],
  [['abc', ''], 'abc'],
  [[MISSING], MISSING],
  [['a', MISSING], MISSING],
  [[null], null],
  [['a', null], null],
  [[1], null],
  [['a', true], null],
]);

table('SPLIT', [
  [[S, ' '], ['N1QL', 'is', 'awesome']],
  [[S], ['N1QL', 'is', 'awesome']],
  [[S, 'is'], ['N1QL ', ' awesome']],
  [['a,b,,c', ','], ['a', 'b', '', 'c']],
  [['', ','], ['']],
  [['ab', ''], ['a', 'b']],
  [['  a\u00a0\tb  '], ['a', 'b']],
  [['   '], []],
  [[MISSING], MISSING],
  [['a', MISSING], MISSING],
  [[null], null],
  [['a', null], null],
  [[1], null],
  [['a b', 1], null],
]);

table('REPLACE', [
  [['SQL SQL SQL', 'S', 'N1', -2], 'N1QL N1QL N1QL'],
  [['SQL SQL SQL', 'S', 'N1', 2], 'N1QL N1QL SQL'],
  [['SQL SQL SQL', 'S', 'N1'], 'N1QL N1QL N1QL'],
  [['SQL', 'S', 'N1', 0], 'SQL'],
  [['abc', '', '-'], '-a-b-c-'],
  [['abc', '', '-', 2], '-a-bc'],
  [['SQL', 'S', 'N1', 1.5], null],
  [['SQL', 'S', 'N1', '1'], null],
  [[MISSING, 'a', 'b'], MISSING],
  [['a', MISSING, 'b'], MISSING],
  [['a', 'a', MISSING], MISSING],
  [['a', 'a', 'b', MISSING], MISSING],
  [[null, 'a', 'b'], null],
  [['a', null, 'b'], null],
  [['a', 'a', null], null],
  [['a', 'a', 'b', null], null],
  [[1, 'a', 'b'], null],
  [['a', 1, 'b'], null],
  [['a', 'a', 1], null],
]);

table('REPEAT', [
  [['N1QL', 0], ''],
  [['N1QL', 3], 'N1QLN1QLN1QL'],
  [['', 5], ''],
  [['a', -1], null],
  [['a', 1.5], null],
  [['a', '3'], null],
  [[3, 3], null],
  [['a', 100_000_000], throws(5010)],
  [[MISSING, 1], MISSING],
  [['a', MISSING], MISSING],
  [[null, 1], null],
  [['a', null], null],
]);

table('REVERSE', [
  [[S], 'emosewa si LQ1N'],
  [['racecar'], 'racecar'],
  [['😀a'], 'a😀'],
  [['e\u0301a'], 'ae\u0301'], // a combining mark stays after its base
  // util ReversePreservingCombiningCharacters skips every utf8.RuneError rune, U+FFFD included.
  [['a\ufffdb'], 'ba'],
  [['\ufffd'], ''],
  [['ab\ufffd\u0301c'], 'c\u0301ba'], // a mark after U+FFFD is a cluster of its own
  [['\u0301a'], 'a\u0301'], // a leading mark is its own cluster too
  [[''], ''],
  [[MISSING], MISSING],
  [[null], null],
  [[12], null],
]);

table('TITLE', [
  [[S], 'N1ql Is Awesome'],
  [["don't STOP"], "Don'T Stop"],
  [['hello_world-x'], 'Hello_world-X'],
  // Go strings.Title applies unicode.ToTitle: digraphs title-case to ǅ ǈ ǋ ǲ, Georgian
  // Mkhedruli letters to themselves (their upper case, Mtavruli, is not used).
  [['ǆa ǅb'], 'ǅa ǅb'],
  [['ǳa ǉb ǌc'], 'ǲa ǈb ǋc'],
  [['ǄA'], 'ǅa'],
  [['ანა ბი'], 'ანა ბი'],
  [['ᲐᲜᲐ'], 'ანა'],
  [[''], ''],
  [[MISSING], MISSING],
  [[null], null],
  [[{}], null],
]);

table('INITCAP', [
  [[S], 'N1ql Is Awesome'],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);
