// Expected values: Couchbase docs `jsonfun.adoc` (ENCODE_JSON of MISSING is "", ENCODED_SIZE of
// MISSING is 4 by n1ql-reference, POLY_LENGTH per type) and couchbase/query `expression/func_json.go` (DECODE_JSON:
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
  // Go encoding/json (func_json.go JSONDecode): an escaped lone surrogate decodes to U+FFFD,
  // a pair to its character, in values and names alike.
  [['"\\ud800"'], '\ufffd'],
  [['"a\\udc00b"'], 'a\ufffdb'],
  [['"\\ud800\\u0041"'], '\ufffdA'],
  [['"\\ud83d\\ude00"'], '\u{1F600}'],
  [['{"\\udfff":["\\ud800\\ud800"]}'], { '\ufffd': ['\ufffd\ufffd'] }],
]);
table('JSON_DECODE', [[['[1]'], [1]], [[MISSING], MISSING], [[null], null], [[true], null]]);

table('ENCODE_JSON', [
  [[{ a: [1, 'x', null] }], '{"a":[1,"x",null]}'],
  [['x'], '"x"'],
  [[1.5], '1.5'],
  [[true], 'true'],
  [[null], 'null'],
  // The reference answers "null" for MISSING (its MISSING marshals as null).
  [[MISSING], 'null'],
  [[[1, MISSING]], '[1,null]'],
  // The reference's Value.MarshalJSON (value/object.go, value/float.go, value/string.go; go_json
  // encode.go): names sorted by code point, numbers as FormatFloat 'f' -1, U+2028/U+2029
  // escaped, invalid text as \ufffd, and in names only `<`, `>`, `&` escaped too.
  [[{ b: 1, a: 2 }], '{"a":2,"b":1}'],
  [[[1, { z: 1, y: [2] }]], '[1,{"y":[2],"z":1}]'],
  [[1e21], '1000000000000000000000'],
  [[0.0000001], '0.0000001'],
  [[-1.5e-7], '-0.00000015'],
  [[-0], '0'],
  [['\u2028'], '"\\u2028"'],
  [['a\u2029'], '"a\\u2029"'],
  [['\ud800x'], '"\\ufffdx"'],
  [['\u{1F600}'], '"\u{1F600}"'],
  [['<a&b>'], '"<a&b>"'],
  [[{ '<a&b>': '<' }], '{"\\u003ca\\u0026b\\u003e":"<"}'],
  [[{ '\u{1F600}': 1, '\uE000': 2, B: 3 }], '{"B":3,"\uE000":2,"\u{1F600}":1}'],
  [['q"\\\n\t'], '"q\\"\\\\\\n\\t"'],
]);
table('JSON_ENCODE', [[[[1]], '[1]'], [[MISSING], 'null'], [[null], 'null']]);

table('ENCODED_SIZE', [
  [[{ a: 1 }], 7],
  [['é'], 4],
  [[null], 4],
  [[MISSING], 4], // n1ql-reference: ENCODED_SIZE(MISSING) is 4
  [[[MISSING]], 6],
  // Bytes of the reference's JSON text (func_json.go EncodedSize: len(arg.MarshalJSON())).
  [[{ b: 1, a: 2, c: 1e21 }], 40],
  [['\u2028'], 8],
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
