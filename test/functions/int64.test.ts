// Integers past 2^53 (int64 values as bigints, src/values/int64.ts), statement by statement.
// Every expected value is the reference's answer (n1ql-reference), taken literally: the exact
// digits come from its ENCODE_JSON/TO_STRING (its result output prints an int64 past 2^53 as the
// nearest double, and so do these rows' `out` columns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, toJSON } from '../../src/index.js';
import { arith } from '../../src/eval/arith.js';
import { canonicalKey, collate, equals, jsonCopy, parseInt64Text, toJSON as valueJSON, toOutputValue } from '../../src/values/index.js';
import { call, MISSING, table } from './table.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.query('SELECT RAW ENCODE_JSON(1 + 1)'); // the parser's first statement is slow (lazy lookahead)
}, 60_000);
afterAll(async () => {
  await db.close();
});

/** The JSON text of a statement's results, as the REST/CLI output writes it. */
async function run(statement: string): Promise<string> {
  return toJSON((await db.query(statement)).results);
}

// [expression, ENCODE_JSON(expression) of the reference]
const exact: [string, string][] = [
  ['9007199254740993', '9007199254740993'],
  ['-9007199254740993', '-9007199254740993'],
  ['-(9007199254740993)', '-9007199254740993'],
  ['9007199254740993 + 2', '9007199254740995'],
  ['9007199254740993 - 0', '9007199254740993'],
  ['9007199254740993 * 1', '9007199254740993'],
  ['9007199254740993 - 9007199254740992', '1'],
  ['BITSHIFT(1, 62) + 1', '4611686018427387905'],
  ['POWER(2, 62) + 1', '4611686018427387905'],
  ['9007199254740992.0 + 1', '9007199254740993'],
  ['1e16 + 1', '10000000000000001'],
  ['-4611686018427387904 * 2', '-9223372036854775808'],
  ['-9223372036854775807 - 1', '-9223372036854775808'],
  // Past int64: the double of the float operation.
  ['9223372036854775807 + 1', '9223372036854776000'],
  ['9223372036854775807 * 2', '18446744073709552000'],
  ['-(-9223372036854775807 - 1)', '9223372036854776000'],
  ['9223372036854775808', '9223372036854776000'],
  // `/`, `%` and the math functions work on float64.
  ['9007199254740993 / 1', '9007199254740992'],
  ['9007199254740993 % 2', '0'],
  ['ABS(-9007199254740993)', '9007199254740992'],
  ['ROUND(9007199254740993)', '9007199254740992'],
  ['TRUNC(9007199254740993)', '9007199254740992'],
  ['SQRT(9007199254740993)', '94906265.62425156'],
  ['9007199254740993.0', '9007199254740992'],
  ['9007199254740993 + 0.5', '9007199254740992'],
  // An integral double in int64 range is written as an int64.
  ['POWER(2, 62)', '4611686018427387904'],
  ['4611686018427387904.0', '4611686018427387904'],
  // Integer functions.
  ['IDIV(9007199254740993, 1)', '9007199254740993'],
  ['IMOD(9007199254740993, 10)', '3'],
  ['IMOD(-9007199254740993, 10)', '-3'],
  ['IDIV(9007199254740993, 2.5)', '4503599627370496'],
  ['IDIV(-9223372036854775807 - 1, -1)', '-9223372036854775808'],
  ['ADD(9007199254740993, 2)', '9007199254740995'],
  ['NEG(9007199254740993)', '-9007199254740993'],
  ['SUB(-9007199254740993, 1)', '-9007199254740994'],
  ['MULT(3037000500, 3037000500)', '9223372037000250000'],
  ['ARRAY_SUM([9007199254740993, 2])', '9007199254740995'],
  ['ARRAY_SUM([9223372036854775807, 1])', '9223372036854776000'],
  ['ARRAY_AVG([9007199254740993, 9007199254740993])', '9007199254740992'],
  ['ARRAY_MAX([9007199254740993, 9007199254740992])', '9007199254740993'],
  ['IFMISSING(9007199254740993, 1)', '9007199254740993'],
  ['IFNAN(9007199254740993, 1)', '9007199254740992'],
  ['GREATEST(9007199254740993, 9007199254740992.0)', '9007199254740993'],
  ['[9007199254740993][0]', '9007199254740993'],
  ['{"a": 9007199254740993}', '{"a":9007199254740993}'],
  // TO_NUMBER reads integer text as an int64 first.
  ["TO_NUMBER('9007199254740993')", '9007199254740993'],
  ["TO_NUMBER('-9007199254740993')", '-9007199254740993'],
  ["TO_NUMBER('+9007199254740993')", '9007199254740993'],
  ["TO_NUMBER('9223372036854775807')", '9223372036854775807'],
  ["TO_NUMBER('9223372036854775808')", '9223372036854776000'],
  ["TO_NUMBER('9007199254740993.0')", '9007199254740992'],
  ["TO_NUMBER('100000000000000000000')", '100000000000000000000'],
  ["TO_NUMBER(' 9007199254740993')", 'null'],
  ["DECODE_JSON('9007199254740993')", '9007199254740992'],
  // Bitwise functions on int64s past 2^53.
  ['BITAND(9007199254740993, 1)', '1'],
  ['BITNOT(9007199254740993)', '-9007199254740994'],
  ['BITSET(9007199254740992, 1)', '9007199254740993'],
  ['BITCLEAR(9007199254740993, 1)', '9007199254740992'],
  ['BITAND(9223372036854775807, -1)', '9223372036854775807'],
  ['BITOR(-9223372036854775807 - 1, 0)', '-9223372036854775808'],
  ['BITSHIFT(9007199254740993, 1)', '18014398509481986'],
  ['BITAND(9223372036854775808, 1)', 'null'],
  ['ISBITSET(9007199254740993, 1)', 'true'],
  ['IS_MISSING(BITAND(9007199254740993, MISSING))', 'true'],
  ['BITAND(9007199254740993, NULL)', 'null'],
];

describe('int64 past 2^53: ENCODE_JSON of expressions (exact digits)', () => {
  for (const [expr, want] of exact) {
    it(`${expr} → ${want}`, async () => {
      expect(await run(`SELECT RAW ENCODE_JSON(${expr})`)).toBe(JSON.stringify([want]));
    });
  }
});

describe('int64 past 2^53: comparison, collation, grouping', () => {
  it('compares by exact value', async () => {
    expect(await run('SELECT 9007199254740993 = 9007199254740992 x, 9007199254740993 > 9007199254740992 y, 9007199254740993 = 9007199254740993.0 z, 9007199254740992 = 9007199254740992.0 w')).toBe(
      '[{"x":false,"y":true,"z":false,"w":true}]',
    );
    expect(await run('SELECT 9007199254740993 < 9007199254740994.0 x, 9007199254740993 > 9007199254740992.0 y')).toBe('[{"x":true,"y":true}]');
    expect(await run('SELECT ARRAY_CONTAINS([9007199254740993], 9007199254740992) x, ARRAY_CONTAINS([9007199254740993], 9007199254740993) y')).toBe('[{"x":false,"y":true}]');
  });
  it('sorts by exact value', async () => {
    expect(await run('SELECT RAW ENCODE_JSON(ARRAY_SORT([9007199254740993, 9007199254740992.0, 9007199254740992, 9007199254740994.0, 9007199254740995]))')).toBe(
      JSON.stringify(['[9007199254740992,9007199254740992,9007199254740993,9007199254740994,9007199254740995]']),
    );
    expect(await run('SELECT RAW x FROM [9007199254740993, 9007199254740992.0, 9007199254740992, 9007199254740994.0, 9007199254740995] x ORDER BY x')).toBe(
      '[9007199254740992,9007199254740992,9007199254740992,9007199254740994,9007199254740996]',
    );
  });
  it('DISTINCT and GROUP BY keep 2^53 + 1 apart from 2^53', async () => {
    expect(await run('SELECT DISTINCT RAW ENCODE_JSON(x) FROM [9007199254740993, 9007199254740992.0, 9007199254740992, 9007199254740993] x ORDER BY ENCODE_JSON(x) DESC')).toBe(
      '["9007199254740993","9007199254740992"]',
    );
    expect(await run('SELECT ENCODE_JSON(x) k, COUNT(*) c FROM [9007199254740993, 9007199254740992.0, 9007199254740992, 9007199254740993] x GROUP BY x ORDER BY x')).toBe(
      '[{"k":"9007199254740992","c":2},{"k":"9007199254740993","c":2}]',
    );
  });
  it('aggregates: SUM exact until int64 overflows, MIN/MAX by exact value', async () => {
    expect(await run('SELECT ENCODE_JSON(SUM(x)) s, ENCODE_JSON(AVG(x)) a, ENCODE_JSON(SUM(DISTINCT x)) sd, COUNT(DISTINCT x) cd, ENCODE_JSON(MIN(x)) mn FROM [9007199254740993, 9007199254740993, 9007199254740992] x')).toBe(
      '[{"s":"27021597764222978","a":"9007199254740992","sd":"18014398509481985","cd":2,"mn":"9007199254740992"}]',
    );
    expect(await run('SELECT ENCODE_JSON(MIN(x)) mn, ENCODE_JSON(MAX(x)) mx, ENCODE_JSON(SUM(x)) s FROM [9007199254740993, 9007199254740992, 2] x')).toBe('[{"mn":"2","mx":"9007199254740993","s":"18014398509481987"}]');
    expect(await run('SELECT RAW ENCODE_JSON(SUM(x)) FROM [9223372036854775807, 1, -1] x')).toBe('["9223372036854776000"]');
    expect(await run('SELECT RAW ENCODE_JSON(SUM(x)) FROM [0.5, 9007199254740993] x')).toBe('["9007199254740992"]');
  });
  it('types and text', async () => {
    expect(await run("SELECT TYPE(9007199254740993) t, IS_NUMBER(9007199254740993) n, TO_STRING(9007199254740993) s, TO_STRING(-9007199254740993) m, ENCODED_SIZE(9007199254740993) e, TYPE(9223372036854775808) u")).toBe(
      '[{"t":"number","n":true,"s":"9007199254740993","m":"-9007199254740993","e":16,"u":"number"}]',
    );
  });
});

describe('int64 past 2^53: result output prints the nearest double (as the reference)', () => {
  it.each([
    ['SELECT 9007199254740993 AS x', '[{"x":9007199254740992}]'],
    ['SELECT 9007199254740993 + 2 AS x', '[{"x":9007199254740996}]'],
    ['SELECT BITSHIFT(1,62)+1 AS x', '[{"x":4611686018427388000}]'],
    ['SELECT 9223372036854775807 AS x', '[{"x":9223372036854776000}]'],
    ['SELECT RAW [9007199254740993, {"a": 9007199254740993}]', '[[9007199254740992,{"a":9007199254740992}]]'],
  ])('%s', async (statement, want) => {
    expect(await run(statement)).toBe(want);
  });
});

describe('int64 past 2^53: EXPLAIN and PREPARE keep the literal', () => {
  it('a prepared statement runs the exact literal', async () => {
    await db.query('PREPARE big FROM SELECT RAW ENCODE_JSON(9007199254740993 + x) FROM [2] x');
    expect(await run('EXECUTE big')).toBe('["9007199254740995"]');
  });
  it('EXPLAIN prints the digits', async () => {
    expect(await run('EXPLAIN SELECT 9007199254740993 AS x')).toContain('9007199254740993');
  });
});

// The value model directly: a bigint never equals a double; arithmetic keeps int64 exact.
table('TYPE', [
  [[9007199254740993n], 'number'],
  [[MISSING], 'missing'],
  [[null], 'null'],
]);
table('TO_STRING', [
  [[9007199254740993n], '9007199254740993'],
  [[-9223372036854775807n], '-9223372036854775807'],
  [[MISSING], MISSING],
  [[null], null],
]);
table('MULT', [
  [[2, 3, 1537228672809129301n], 9223372036854775806n],
  [[3037000500, 3037000500], 9223372037000250000],
  [[9007199254740993n, MISSING], MISSING],
  [[9007199254740993n, null], null],
]);
table('IDIV', [
  [[9007199254740993n, 1], 9007199254740993n],
  [[9007199254740993n, 0], null],
  [[9007199254740993n, 'a'], null],
  [[9007199254740993n, MISSING], MISSING],
  [[9007199254740993n, null], null],
]);
table('IMOD', [
  [[9007199254740993n, 10], 3],
  [[-9007199254740993n, 10], -3],
  [[9007199254740993n, MISSING], MISSING],
  [[9007199254740993n, null], null],
]);

describe('int64 values in the value model', () => {
  it('equality, collation and arithmetic are exact', () => {
    expect(equals(9007199254740993n, 9007199254740992)).toBe(false);
    expect(collate(9007199254740993n, 9007199254740992)).toBeGreaterThan(0);
    expect(collate(9007199254740993n, 9007199254740994)).toBeLessThan(0);
    expect(arith('+', 9007199254740993n, 2)).toBe(9007199254740995n);
    expect(arith('-', 9007199254740993n, 1)).toBe(9007199254740992);
    expect(arith('+', 9007199254740993n, MISSING)).toBe(MISSING);
    expect(arith('+', 9007199254740993n, null)).toBe(null);
    expect(call('SQRT', 9007199254740993n)).toBe(94906265.62425156);
  });
  it('keys, output and copies', () => {
    expect(canonicalKey(9007199254740993n)).not.toBe(canonicalKey(9007199254740992));
    expect(canonicalKey([9007199254740993n])).toBe(canonicalKey([9007199254740993n]));
    expect(valueJSON({ a: [9007199254740993n] })).toBe('{"a":[9007199254740992]}');
    expect(toOutputValue([9007199254740993n])).toEqual([9007199254740992]);
    expect(jsonCopy({ kind: 'Literal', value: 9007199254740993n })).toEqual({ kind: 'Literal', value: 9007199254740993n });
    expect(parseInt64Text('9007199254740993')).toBe(9007199254740993n);
    expect(parseInt64Text('9007199254740992')).toBe(9007199254740992);
    expect(parseInt64Text('9223372036854775808')).toBe(9223372036854775808);
    expect(parseInt64Text('-0')).toBe(0);
    expect(parseInt64Text('1.5')).toBe(undefined);
  });
});
