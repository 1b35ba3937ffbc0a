// Expected values: n1ql-reference and the reference suite's `meta_functions/case_meta.json`
// (BASE64 encodes the JSON text; BASE64_DECODE wants padded standard base64 and gives the value
// the bytes hold, "<binary (N b)>" when they are not JSON; URLENCODE/URLDECODE as Go's url.Query*).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TOKENQL_VERSION } from '../../src/eval/functions/encodings.js';
import { MISSING, table } from './table.js';

table('BASE64', [
  [[{ a: '<é' }], 'eyJhIjoiPMOpIn0='],
  [['a'], 'ImEi'],
  [[''], 'IiI='],
  [[1], 'MQ=='],
  [[NaN], 'Ik5hTiI='],
  [[null], 'bnVsbA=='],
  [[MISSING], MISSING],
]);
table('BASE64_ENCODE', [[['a'], 'ImEi']]);
table('ENCODE_BASE64', [[['a'], 'ImEi']]);
table('BASE64_DECODE', [
  [['ImEi'], 'a'],
  [['ImEi\n'], 'a'],
  [['eyJhIjoiPMOpIn0='], { a: '<é' }],
  [['YQ=='], '<binary (1 b)>'],
  [['eyJhIjox'], '<binary (6 b)>'],
  [[''], '<binary (0 b)>'],
  [['!!'], null],
  [['ImEi='], null],
  [['ImE'], null],
  [['MQ'], null],
  [[1], null],
  [[null], null],
  [[MISSING], MISSING],
]);
table('DECODE_BASE64', [[['ImEi'], 'a']]);
table('URLENCODE', [
  [['a b&c/é?=+'], 'a+b%26c%2F%C3%A9%3F%3D%2B'],
  [['~-_.!*()'], '~-_.%21%2A%28%29'],
  [[''], ''],
  [['\u0000'], '%00'],
  [[['a']], null],
  [[null], null],
  [[MISSING], MISSING],
]);
table('URLDECODE', [
  [['a+b%41'], 'a bA'],
  [['%C3%A9%2b+'], 'é+ '],
  [['%ff'], '\ufffd'],
  [['a%20b+c%2'], null],
  [['%'], null],
  [['%4G'], null],
  [[1], null],
  [[MISSING], MISSING],
]);
table('VERSION', [[[], TOKENQL_VERSION]]);
table('DS_VERSION', [[[], TOKENQL_VERSION]]);

describe('VERSION()', () => {
  it("is package.json's version", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(TOKENQL_VERSION).toBe(pkg.version);
  });
});
