/**
 * Inline user-defined functions (issue 21): CREATE / DROP / EXECUTE FUNCTION, calls in
 * expressions with MISSING and NULL arguments, variadic functions, recursion, system:functions
 * and the reference's errors. Expected values: the reference engine's answers for the bodies'
 * expressions (n1ql-reference: `SELECT NULL + 2` is null, `MISSING + 2` MISSING, `"a" + 2` null),
 * the reference's suite (gsi/udf) and its error texts (couchbase/query errors/function.go).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../../src/index.js';

let db: Database;

async function rows(statement: string, options: Parameters<Database['query']>[1] = {}): Promise<Value[]> {
  return (await db.query(statement, options)).results;
}

async function error(statement: string, options?: Parameters<Database['query']>[1]): Promise<{ code: number; message: string }> {
  try {
    await db.query(statement, options);
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error(`no error from ${statement}`);
}

beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.upsert('customer', 'c1', { custId: 'customer1', age: 33 });
  await db.upsert('customer', 'c2', { custId: 'customer2', age: 40 });
  await db.upsert('customer', 'c3', { custId: 'customer3', age: 33 });
  await db.query('CREATE FUNCTION add2(a, b) { a + b }');
  await db.query('CREATE FUNCTION allArgs(...) LANGUAGE INLINE AS args');
  await db.query('CREATE FUNCTION byAge(age_param) {( SELECT custId FROM customer WHERE age = age_param ORDER BY custId )}');
});
afterAll(async () => db.close());

describe('calls in expressions', () => {
  it.each<[string, Value]>([
    ['add2(1, 2)', 3],
    ['add2(NULL, 2)', null],
    ['add2(MISSING, 2)', undefined],
    ['add2("a", 2)', null],
    ['allArgs()', []],
    ['allArgs(1, NULL, MISSING)', [1, null, null]],
    ['add2(add2(1, 2), 3)', 6],
  ])('%s', async (expr, expected) => {
    const [row] = (await rows(`SELECT ${expr} AS v`)) as { v?: Value }[];
    expect(row!.v).toEqual(expected);
  });

  it('evaluates a subquery body per call, with the argument bound', async () => {
    expect(await rows('SELECT byAge(33) AS i1, byAge(40) AS i2')).toEqual([{ i1: [{ custId: 'customer1' }, { custId: 'customer3' }], i2: [{ custId: 'customer2' }] }]);
  });

  it('is called once per row with the row’s values', async () => {
    expect(await rows('SELECT RAW add2(c.age, 1) FROM customer c ORDER BY META(c).id')).toEqual([34, 41, 34]);
  });

  it('recurses (a CASE ends it) and is limited in depth', async () => {
    // As in the suite (case_inline_udf_bugs #29–#31): a body may call only functions that exist,
    // so a recursive function is first created without the call, then replaced.
    expect((await error('CREATE FUNCTION countdown(n) { countdown(n - 1) }')).code).toBe(3000);
    await db.query('CREATE FUNCTION countdown() { 0 }');
    await db.query('CREATE OR REPLACE FUNCTION countdown(n) { CASE WHEN n <= 0 THEN "end" ELSE countdown(n - 1) END }');
    expect(await rows('SELECT RAW countdown(10)')).toEqual(['end']);
    const e = await error('SELECT RAW countdown(1000)');
    expect(e.code).toBe(10112);
    expect(e.message).toMatch(/^Error executing function 'countdown': 65 nested function calls/);
  });
});

describe('EXECUTE FUNCTION', () => {
  it('returns the value as its one row (suite gsi/udf case_inline_udf_tests #5)', async () => {
    expect(await rows('EXECUTE FUNCTION byAge(33)')).toEqual([[{ custId: 'customer1' }, { custId: 'customer3' }]]);
  });
  it('returns no row for MISSING', async () => {
    expect(await rows('EXECUTE FUNCTION add2(MISSING, 1)')).toEqual([]);
  });
  it('takes parameters of the statement', async () => {
    expect(await rows('EXECUTE FUNCTION add2($a, $2)', { params: { a: 2 }, args: [0, 5] })).toEqual([7]);
  });
});

describe('errors (reference codes and texts)', () => {
  it.each<[string, number, string]>([
    ['SELECT nosuch(1)', 3000, 'Invalid function nosuch (resolving to default:nosuch)'],
    ['EXECUTE FUNCTION nosuch(1)', 10101, "Function 'nosuch' not found"],
    ['DROP FUNCTION nosuch', 10101, "Function 'nosuch' not found"],
    ['SELECT add2(1)', 10104, "Incorrect number of arguments supplied to function 'add2' - cause: add2"],
    ['CREATE FUNCTION add2(x) { x }', 10102, "Function 'add2' already exists - cause: add2"],
    ['CREATE FUNCTION usesUnknown() { nosuch() }', 3000, 'Invalid function nosuch (resolving to default:nosuch)'],
  ])('%s', async (statement, code, message) => {
    expect(await error(statement)).toEqual({ code, message });
  });

  it('IF NOT EXISTS keeps the existing function; IF EXISTS drops nothing silently', async () => {
    expect(await rows('CREATE FUNCTION add2(x) IF NOT EXISTS { x }')).toEqual([]);
    expect(await rows('SELECT RAW add2(1, 2)')).toEqual([3]);
    expect(await rows('DROP FUNCTION nosuch IF EXISTS')).toEqual([]);
  });

  it('OR REPLACE replaces the body (calls see the new one)', async () => {
    await db.query('CREATE FUNCTION repl() { 1 }');
    expect(await rows('SELECT RAW repl()')).toEqual([1]);
    await db.query('CREATE OR REPLACE FUNCTION repl(a) { a * 10 }');
    expect(await rows('SELECT RAW repl(2)')).toEqual([20]);
    await db.query('DROP FUNCTION repl');
    expect((await error('SELECT repl(2)')).code).toBe(3000);
  });

  it('names are case-insensitive, as N1QL function names are; a function keeps the case it was created with', async () => {
    await db.query('CREATE FUNCTION MixedCase() { "M" }');
    expect(await rows('SELECT RAW [MixedCase(), mixedcase(), MIXEDCASE()]')).toEqual([['M', 'M', 'M']]);
    expect((await error('CREATE FUNCTION mixedCASE() { 1 }')).code).toBe(10102);
    expect(await rows("SELECT RAW META().id FROM system:functions WHERE LOWER(META().id) = 'default:mixedcase'")).toEqual(['default:MixedCase']);
    expect(await error('SELECT NoSuch()')).toEqual({ code: 3000, message: 'Invalid function NoSuch (resolving to default:NoSuch)' });
  });
});

describe('ORDER BY direction given by a parameter', () => {
  // Reference: SELECT RAW v FROM [3,1,null,2] v ORDER BY v $d NULLS $n with d="desc", n="first".
  it('named and positional parameters', async () => {
    expect(await rows('SELECT RAW v FROM [3,1,null,2] v ORDER BY v $d NULLS $n', { params: { d: 'desc', n: 'first' } })).toEqual([null, 3, 2, 1]);
    expect(await rows('SELECT RAW v FROM [3,1,null,2] v ORDER BY v ? NULLS ?', { args: ['asc', 'last'] })).toEqual([1, 2, 3, null]);
  });
  it('an invalid value sorts ascending with the reference warning 5010', async () => {
    const r = await db.query('SELECT RAW v FROM [3,1,null,2] v ORDER BY v $d', { params: { d: 'foo' } });
    expect(r.results).toEqual([null, 1, 2, 3]);
    expect(r.warnings).toEqual([{ code: 5010, msg: 'Error evaluating sort order: Invalid value foo' }]);
  });
  it('a function parameter (suite gsi/udf case_inline_udf_order_by)', async () => {
    await db.query('CREATE FUNCTION sorted(dir, nullsPosition) {( SELECT RAW v FROM [3,1,null,2] v ORDER BY v dir NULLS nullsPosition )}');
    expect(await rows('EXECUTE FUNCTION sorted("desc", "first")')).toEqual([[null, 3, 2, 1]]);
    expect(await rows('EXECUTE FUNCTION sorted("asc", "last")')).toEqual([[1, 2, 3, null]]);
  });
  it.each<[string, string]>([
    ['SELECT RAW v FROM [3,1,2] v ORDER BY v x', "ORDER BY direction '(`v`.`x`)' is not a valid constant, named, positional or function parameter."],
    ['SELECT RAW v FROM [3,1,2] v ORDER BY v NULLS x', "NULLS position '(`v`.`x`)' is not a valid constant, named, positional or function parameter."],
    ['SELECT RAW v FROM [3,1,2] v LET x = "desc" ORDER BY v x', "ORDER BY direction '`x`' is not a valid constant, named, positional or function parameter."],
  ])('%s is 3291', async (statement, message) => {
    expect(await error(statement)).toEqual({ code: 3291, message });
  });
});

describe('system:functions', () => {
  it('has one row per function, META().id the namespace-qualified name', async () => {
    const ids = await rows("SELECT RAW META().id FROM system:functions WHERE META().id LIKE 'default:add%' OR META().id = 'default:allArgs' ORDER BY META().id");
    expect(ids).toEqual(['default:add2', 'default:allArgs']);
    const [row] = await rows("SELECT f.* FROM system:functions f WHERE META(f).id = 'default:add2'");
    expect(row).toEqual({
      definition: { '#language': 'inline', expression: '(`a` + `b`)', parameters: ['a', 'b'], text: 'a + b' },
      identity: { name: 'add2', namespace: 'default', type: 'global' },
    });
  });
});

describe('scoped functions (query_context)', () => {
  it('a name resolves in the query context’s scope first, then globally', async () => {
    await db.query('CREATE FUNCTION customer._default.scoped(a) { a * 2 }');
    expect(await rows('SELECT RAW scoped(4)', { queryContext: 'default:customer._default' })).toEqual([8]);
    expect(await rows('EXECUTE FUNCTION scoped(5)', { queryContext: 'default:customer._default' })).toEqual([10]);
    expect(await rows('SELECT RAW add2(1, 1)', { queryContext: 'default:customer._default' })).toEqual([2]);
    expect((await error('SELECT scoped(4)')).code).toBe(3000);
    expect(await rows("SELECT RAW META().id FROM system:functions WHERE META().id LIKE '%scoped'")).toEqual(['default:customer._default.scoped']);
    await db.query('DROP FUNCTION customer._default.scoped');
  });

  it('an unknown name resolves in the query context’s namespace (the suite’s filestore/error_cases case_error1.json#1)', async () => {
    const e = await error('SELECT array_vg(1)', { queryContext: 'dimestore:' });
    expect([e.code, e.message]).toEqual([3000, 'Invalid function array_vg (resolving to dimestore:array_vg)']);
    expect((await error('SELECT array_vg(1)')).message).toBe('Invalid function array_vg (resolving to default:array_vg)');
  });
});
