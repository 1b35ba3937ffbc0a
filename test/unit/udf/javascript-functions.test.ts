/**
 * JavaScript user-defined functions (issue 21): inline code and library functions, run in V8
 * isolates of isolated-vm — no Node globals, a time limit and a memory limit per call, after
 * which the database answers the next statement — and N1QL() / embedded statements inside them.
 * Expected rows follow the reference's suite (gsi/udf case_n1ql_managed_js_udf_tests,
 * case_external_js_udf_tests) and its error texts (couchbase/query errors/function.go).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../../src/index.js';

let db: Database;

async function rows(statement: string): Promise<Value[]> {
  return (await db.query(statement)).results;
}

async function error(statement: string): Promise<QueryError> {
  try {
    await db.query(statement);
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error(`no error from ${statement}`);
}

const js = (name: string, params: string, body: string) => `CREATE FUNCTION ${name}(${params}) LANGUAGE JAVASCRIPT AS "function ${name}(${params}) { ${body.replace(/"/g, '\\"')} }"`;

beforeAll(async () => {
  db = await Database.open({ javascript: { timeoutMs: 300, memoryMb: 16 } });
  await db.createKeyspace('customer');
  for (let i = 1; i <= 4; i++) await db.upsert('customer', `${i}_udf`, { custId: `customer${i}`, age: 10 * i, test_id: 'udf' });
});
afterAll(async () => db.close());

describe('values in and out', () => {
  it.each<[string, string, Value]>([
    ['double(4)', 'return a * 2;', 8],
    ['double(NULL)', 'return a === null ? "null" : "other";', 'null'],
    ['double(MISSING)', 'return a === undefined ? "undefined" : "other";', 'undefined'],
    ['double({"x": [1, 2]})', 'return a.x.length;', 2],
    ['double("s")', 'return undefined;', undefined],
  ])('%s with body %s', async (call, body, expected) => {
    await db.query(`CREATE OR REPLACE FUNCTION double(a) LANGUAGE JAVASCRIPT AS "function double(a) { ${body.replace(/"/g, '\\"')} }"`);
    const [row] = (await rows(`SELECT ${call} AS v`)) as { v?: Value }[];
    expect(row!.v).toEqual(expected);
  });
});

describe('isolation', () => {
  it('sees none of Node’s globals', async () => {
    await db.query(js('globalsSeen', '', 'return [typeof process, typeof require, typeof globalThis.Buffer, typeof setTimeout, typeof fetch];'));
    expect(await rows('EXECUTE FUNCTION globalsSeen()')).toEqual([['undefined', 'undefined', 'undefined', 'undefined', 'undefined']]);
  });

  it('an endless loop stops at the time limit (10109), and the next statement runs', async () => {
    await db.query(js('spin', '', 'for (;;) {}'));
    const t0 = Date.now();
    const e = await error('SELECT spin()');
    expect(e.code).toBe(10109);
    expect(e.message).toBe("Error executing function 'spin' (spin:spin): stopped after 300 ms (the time limit of a JavaScript function call)");
    expect(Date.now() - t0).toBeLessThan(5000);
    expect((await error('EXECUTE FUNCTION spin()')).code).toBe(10109);
    expect(await rows('SELECT RAW 1 + 1')).toEqual([2]);
  });

  it('a huge allocation stops at the memory limit (10109), and the next call runs', async () => {
    await db.query(js('hog', '', 'const a = []; for (;;) a.push(new Array(100000).fill(1));'));
    const e = await error('EXECUTE FUNCTION hog()');
    expect(e.code).toBe(10109);
    expect(e.message).toBe("Error executing function 'hog' (hog:hog): stopped: it used more than 16 MB of memory (the memory limit of a JavaScript function call)");
    expect(await rows('EXECUTE FUNCTION globalsSeen()')).toEqual([['undefined', 'undefined', 'undefined', 'undefined', 'undefined']]);
  });

  it('a JavaScript error is 10109 with its message', async () => {
    await db.query(js('thrower', '', 'throw new Error("bad input");'));
    const e = await error('SELECT thrower()');
    expect(e.code).toBe(10109);
    expect(e.message).toBe("Error executing function 'thrower' (thrower:thrower): bad input");
  });
});

describe('N1QL inside JavaScript', () => {
  it('an embedded SELECT with $parameters bound to variables (suite: n1qlJS1)', async () => {
    await db.query(js('ages', 'var1', 'let var2 = 30; var q = SELECT custId FROM customer WHERE test_id = "udf" AND age >= $var1 AND age <= $var2 ORDER BY custId; var out = []; for (const r of q) out.push(r); return out;'));
    const expected = [[{ custId: 'customer1' }, { custId: 'customer2' }, { custId: 'customer3' }]];
    expect(await rows('EXECUTE FUNCTION ages(10)')).toEqual(expected);
    // Called in an expression, a SELECT runs synchronously.
    expect(await rows('SELECT RAW ages(10)')).toEqual(expected);
  });

  it('N1QL() with named and positional parameters writes in EXECUTE FUNCTION (suite: n1qlJS2, n1qlJS3)', async () => {
    await db.query(js('mark', '', 'var q = N1QL("UPDATE customer SET changeId = 1 WHERE custId = $v RETURNING meta().id", {v: "customer1"}); var out = []; for (const r of q) out.push(r); q.close(); return out;'));
    await db.query(js('mark2', '', 'N1QL("UPDATE customer SET changeId = 1 WHERE custId = $1", ["customer2"]); return "success";'));
    expect(await rows('EXECUTE FUNCTION mark()')).toEqual([[{ id: '1_udf' }]]);
    expect(await rows('EXECUTE FUNCTION mark2()')).toEqual(['success']);
    expect(await rows('SELECT RAW custId FROM customer WHERE changeId = 1 ORDER BY custId')).toEqual(['customer1', 'customer2']);
  });

  it('a write inside an expression is refused (1020): only EXECUTE FUNCTION may write', async () => {
    const e = await error('SELECT mark2()');
    expect(e.code).toBe(1020);
    expect(e.message).toBe('N1QL() of a JavaScript function called in an expression runs SELECT only; use EXECUTE FUNCTION for UPDATE');
  });

  it('a statement’s own error comes out as it is', async () => {
    await db.query(js('badQuery', '', 'N1QL("SELECT nosuch()"); return 1;'));
    const e = await error('EXECUTE FUNCTION badQuery()');
    expect([e.code, e.message]).toEqual([3000, 'Invalid function nosuch (resolving to default:nosuch)']);
  });
});

describe('library functions', () => {
  it('runs a function of a library, and sees a library replaced', async () => {
    await db.putLibrary('math', 'function add(a, b) { return a + b; } function mul(a, b) { return a * b; }');
    await db.query('CREATE FUNCTION jsAdd(a, b) LANGUAGE JAVASCRIPT AS "add" AT "math"');
    await db.query('CREATE FUNCTION jsMul(a, b) LANGUAGE JAVASCRIPT AS "mul" AT "math"');
    expect(await rows('SELECT RAW [jsAdd(2, 3), jsMul(2, 3)]')).toEqual([[5, 6]]);
    await db.putLibrary('math', 'function add(a, b) { return a + b + 100; } function mul(a, b) { return 0; }');
    expect(await rows('SELECT RAW jsAdd(2, 3)')).toEqual([105]);
    expect(await rows("SELECT RAW f.definition FROM system:functions f WHERE META(f).id = 'default:jsAdd'")).toEqual([{ '#language': 'javascript', library: 'math', object: 'add', parameters: ['a', 'b'] }]);
  });

  it('a missing library is 10109', async () => {
    await db.query('CREATE FUNCTION orphan() LANGUAGE JAVASCRIPT AS "f" AT "nolib"');
    const e = await error('EXECUTE FUNCTION orphan()');
    expect([e.code, e.message]).toEqual([10109, "Error executing function 'orphan' (nolib:f): library 'nolib' not found"]);
  });

  it('a library function that executes another function (suite: external2)', async () => {
    await db.putLibrary('chain', 'function outer(v) { var q = N1QL("EXECUTE FUNCTION jsAdd(" + v + ", 1)"); var out = []; for (const r of q) out.push(r); return out; }');
    await db.query('CREATE FUNCTION chained(v) LANGUAGE JAVASCRIPT AS "outer" AT "chain"');
    expect(await rows('EXECUTE FUNCTION chained(1)')).toEqual([[102]]);
  });
});
