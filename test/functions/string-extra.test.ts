// Expected values: answers of the reference engine (couchbase/query cbq-engine, via
// n1ql-reference) and its suite (test/filestore/test_cases/string_functions/case_str.json).
import { MISSING, table, throws } from './table.js';

table('LPAD', [
  [['ab', 5], '   ab'],
  [['ab', 5, 'xy'], 'xyxab'],
  [['<-', 15, '- pad str'], '- pad str- pa<-'],
  [['truncated', 5], 'trunc'],
  [['ab', 1], 'a'],
  [['ab', 0], ''],
  [['日本', 5, 'x'], '日\ufffd\ufffd'],
  [['日本語で日本', 25, 'で日本'], 'で日\ufffd日本語で日本'],
  [['ab', -1], null],
  [['ab', 2.5], null],
  [['ab', 5, ''], null],
  [['ab', '5'], null],
  [['ab', 5, 1], null],
  [[1, 5], null],
  [[MISSING, 5], MISSING],
  [['ab', MISSING], MISSING],
  [['ab', 5, MISSING], MISSING],
  [[null, 5], null],
  [['ab', null], null],
  [['ab', 5, null], null],
]);

table('RPAD', [
  [['ab', 5, 'xy'], 'abxyx'],
  [['->', 15, '- pad str'], '->- pad str- pa'],
  [['default', 15], 'default        '],
  [['ab', 1], 'a'],
  [['日本', 7, 'x'], '日本x'],
  [['ab', 5, '日'], 'ab日'],
  [['日本語で日本', 25, 'で日本'], '日本語で日本で日\ufffd'],
  [['ab', -1], null],
  [[MISSING, 5], MISSING],
  [[null, 5], null],
]);

table('MB_LPAD', [
  [['日本', 5, 'x'], 'xxx日本'],
  [['日本', 1], '日'],
  [['日本語で日本', 25, 'で日本'], 'で日本で日本で日本で日本で日本で日本で日本語で日本'],
  [['a', 5, ''], null],
  [[MISSING, 5], MISSING],
  [[null, 5], null],
  [[1, 5], null],
]);

table('MB_RPAD', [
  [['日本', 5, 'xy'], '日本xyx'],
  [['ab', 5], 'ab   '],
  [['日本語で日本', 25, 'で日本'], '日本語で日本で日本で日本で日本で日本で日本で日本で'],
  [[MISSING, 5], MISSING],
  [[null, 5], null],
]);

table('LEN', [
  [['Hello world'], 11],
  [['日本'], 6],
  [[''], 0],
  [[[1, 2, 3]], 3],
  [[{ a: null, b: 1 }], 2],
  [[12.34], 5],
  [[-0.5], 4],
  [[1e21], 22],
  [[100], 3],
  [[true], 1],
  [[false], 1],
  [[MISSING], MISSING],
  [[null], null],
]);

table('MB_LEN', [
  [['日本'], 2],
  [[[1, 2]], 2],
  [[12.34], 5],
  [[true], 1],
  [[MISSING], MISSING],
  [[null], null],
]);

table('SUFFIXES', [
  [['abc'], ['abc', 'bc', 'c']],
  [[''], []],
  [['日本'], ['日本', '本']],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);

table('LIKE_PREFIX', [
  [['abc%123', '\\'], 'abc'],
  [['abc%'], 'abc'],
  [['abc_d'], 'abc'],
  [['a\\%b%'], 'a%b'],
  [['a#%b%', '#'], 'a%b'],
  [['%'], ''],
  [['abc'], 'abc'],
  [['abc%', 'ab'], throws(5010)],
  [[1], null],
  [['abc%', 1], null],
  [[MISSING], MISSING],
  [['abc%', MISSING], MISSING],
  [[null], null],
  [['abc%', null], null],
]);

table('LIKE_STOP', [
  [['abc%'], 'abd'],
  [['abc%', '\\'], 'abd'],
  [['abc\u0000', '\\'], 'abc\u0000\u0000'],
  [['abc'], 'abc\u0000'],
  [['a_c'], 'b'],
  [['a\\%c'], 'a%c\u0000'],
  [[''], '\u0000'],
  [['%'], []],
  [['ab\u00ff%'], 'ab\ufffd\ufffd'],
  [['a\uffff%'], 'a\ufffd\ufffd\ufffd'],
  [[MISSING], MISSING],
  [[null], null],
]);

table('LIKE_SUFFIX', [
  [['___123', '\\'], '123'],
  [['%abc'], 'abc'],
  [['a%bc'], 'a%bc'],
  [['abc%'], 'abc%'],
  [['%a%b'], 'a%b'],
  [['%a\\%b'], 'a\\%b'],
  [['%'], ''],
  [['_a_b'], 'a_b'],
  [['%_ab'], 'ab'],
  [['#%ab', '#'], '#%ab'],
  [['', '#'], ''],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);

table('REGEXP_PREFIX', [
  [['abc.*123'], 'abc'],
  [['abc.*'], 'abc'],
  [['abc'], 'abc'],
  [['^abc'], 'abc'],
  [['ab+c'], 'ab'],
  [['ab*c'], 'a'],
  [['ab?c'], 'a'],
  [['a{2}b'], 'aab'],
  [['a\\.b'], 'a.b'],
  [['[a]bc'], 'abc'],
  [['a(bc)'], 'abc'],
  [['a(bc)+'], 'abc'],
  [['a(bc)*d'], 'a'],
  [['a(b|c)'], 'a'],
  [['a|b'], ''],
  [['(?i)abc'], ''],
  [['a\\dc'], 'a'],
  [['abc$'], 'abc'],
  [['.*'], ''],
  [['abc['], throws(5010)],
  [[MISSING], MISSING],
  [[null], null],
  [[1], null],
]);

table('REGEXP_STOP', [
  [['abc.*'], 'abd'],
  [['abc\u0000'], 'abc\u0000\u0000'],
  [['abc'], 'abc\u0000'],
  [['abc$'], 'abd'],
  [['ab+c'], 'ac'],
  [['ab\u00ff'], 'ab\u00ff\u0000'],
  [['.*'], []],
  [[MISSING], MISSING],
  [[null], null],
]);

table('REGEXP_SUFFIX', [
  [['...123'], '123'],
  [['abc'], 'abc'],
  [['a.*bc$'], 'a.*bc$'],
  [['abc.*'], 'abc.*'],
  [['..a.c'], 'a.c'],
  [['..a\\.c'], 'a\\.c'],
  [['...'], ''],
  [['..abc$'], 'abc$'],
  [['.*abc'], throws(5010)],
  [['.+abc'], throws(5010)],
  [[MISSING], MISSING],
  [[null], null],
]);

const text = 'Some text to mask';
table('MASK', [
  [[text], '********'],
  [[text, { mask: '++ ++ ++ ++' }], '++m++t++t++'],
  [[text, { length: 'source' }], '********t to mask'],
  [[text, { anchor: 'end' }], '********'],
  [[text, { mask: 'LONGERTHANTHESOURCE' }], 'LONGERTHANTHESOURCE'],
  [[text, { mask: 'LONGERTHANTHESOURCE', length: 'source' }], 'LONGERTHANTHESOUR'],
  [[text, { mask: 'LONGERTHANTHESOURCE', anchor: -10 }], 'LONGERTHANTHESOURCExt to mask'],
  [[text, { mask: 'LONGERTHANTHESOURCE', anchor: -10, length: 'source' }], 'ESOURCExt to mask'],
  [[text, { anchor: 'text' }], 'Some ********'],
  [[text, { anchor: 'text', length: 'source' }], 'Some ********mask'],
  [[text, { mask: '**++**++**++**', hole: '+', inject: '*' }], '**So**me** t**'],
  [[text, { mask: '**++**++**++**', hole: '+' }], '**me**ex**to**'],
  [[text, { mask: '**++**++**++**', hole: '+', inject: '*', length: 'source' }], '**So**me** t**ext to mask'],
  [[text, { mask: '**++**++**++**', hole: '+', length: 'source' }], '**me**ex**to**ask'],
  [['abcdefghij', { anchor: 3 }], 'abc********'],
  [['abcdefghij', { anchor: 'zz' }], 'abcdefghij'],
  [['abcdefghij', { anchor: 20 }], 'abcdefghij'],
  [['abcdefghij', { anchor: -20 }], 'abcdefghij'],
  [['abcdefghij', { mask: '#' }], '#'],
  [['abcdefghij', { length: 'source', mask: '#' }], '#bcdefghij'],
  [['abcdefghij', { anchor: 'end', length: 'source' }], 'ab********'],
  [['abcdefghij', { anchor: 'end', mask: '##' }], '##'],
  [['abcdefghij', { mask: 'a+b+c', hole: '+' }], 'abbdc'],
  [['abcdefghij', { mask: 'a+b+c', inject: '-' }], 'a+b+c'],
  [['abcdefghij', { mask: '', length: 'source' }], '********ij'],
  [['日本語で日本', { length: 'source' }], '******'],
  [[''], '********'],
  [[MISSING], MISSING],
  [['abc', MISSING], MISSING],
  [[null], null],
  [['abc', null], null],
  [[1], null],
  [['abc', 1], null],
]);
