// Query-block constructs of issue 21: OFFSET before LIMIT, object shorthand, SELECT … EXCLUDE,
// GROUP AS, LETTING without GROUP BY, keyspace parameters, USE KEYS VALIDATE, USE INDEX … USING,
// and the reference's error texts. Every expected value is the reference engine's answer
// (../shared/reference/n1ql-reference, same documents and keys), unless a comment cites the
// reference's suite instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../src/index.js';
import { sameRows } from '../support/compare.js';

const docs: Record<string, Value> = {
  '1': { id: 1, a: 1, b: { c: 2 }, g: 'x' },
  '2': { id: 2, a: 2, b: { c: 3 }, g: 'x' },
  '3': { id: 3, b: null, g: 'y' }, // `a` MISSING, `b` NULL
};

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  for (const [k, v] of Object.entries(docs)) await db.insert('t', k, v);
});
afterAll(() => db.close());

const rows = async (statement: string, args?: Value[]) => (await db.query(statement, args ? { args } : {})).results;
async function errorOf(statement: string, args?: Value[]): Promise<QueryError> {
  try {
    await db.query(statement, args ? { args } : {});
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error(`no error for ${statement}`);
}

/** [statement, rows, ordered?] */
type Row = [string, Value[], boolean?];
const cases = (table: Row[]) =>
  it.each(table)('%s', async (statement, expected, ordered) => {
    const got = await rows(statement);
    expect(sameRows(got, expected, ordered ?? false), JSON.stringify(got)).toBe(true);
  });

describe('OFFSET and LIMIT in either order', () => {
  cases([
    ['SELECT RAW x FROM [1,2,3,4,5] AS x OFFSET 1 LIMIT 2', [2, 3], true],
    ['SELECT RAW x FROM [1,2,3,4,5] AS x ORDER BY x DESC OFFSET 3 LIMIT 5', [2, 1], true],
  ]);
  it('takes LIMIT once', async () => {
    const e = await errorOf('SELECT RAW x FROM [1,2,3,4,5] AS x LIMIT 1 OFFSET 1 LIMIT 2');
    expect([e.code, e.column]).toEqual([3000, 53]);
  });
});

describe('object shorthand', () => {
  cases([
    // The member is named after the path's last step; a MISSING value leaves it out, NULL stays.
    ['SELECT {t.a, t.b, b.c} AS o FROM t ORDER BY t.id', [{ o: { a: 1, b: { c: 2 }, c: 2 } }, { o: { a: 2, b: { c: 3 }, c: 3 } }, { o: { b: null } }], true],
  ]);
  it('names no other expression', async () => {
    const e = await errorOf('SELECT {t.a, t.b, 1} AS o FROM t');
    expect([e.code, e.msg]).toEqual([3000, 'Object member missing name or value: 1 (near line 1, column 19)']);
    const two = await errorOf('SELECT {a, b.c, d[0], e.f.g, 1+2} FROM [{"a":1}] AS t');
    expect(two.msg).toBe('Object member missing name or value: (`d`[0]) (near line 1, column 17) \n Object member missing name or value: (1 + 2) (near line 1, column 30)');
  });
});

describe('SELECT … EXCLUDE', () => {
  cases([
    // A lone SELECT * over one term: the paths are in the term's value.
    ['SELECT * EXCLUDE a, b.c FROM t ORDER BY t.id', [{ t: { b: {}, g: 'x', id: 1 } }, { t: { b: {}, g: 'x', id: 2 } }, { t: { b: null, g: 'y', id: 3 } }], true],
    ['SELECT t.* EXCLUDE b FROM t ORDER BY t.id', [{ a: 1, g: 'x', id: 1 }, { a: 2, g: 'x', id: 2 }, { g: 'y', id: 3 }], true],
    ['SELECT t.id, t.a EXCLUDE a FROM t ORDER BY t.id', [{ id: 1 }, { id: 2 }, { id: 3 }], true],
    // A string holds comma-separated paths; NULL removes nothing.
    ['SELECT * EXCLUDE "g, b" FROM t WHERE t.id = 1', [{ t: { a: 1, id: 1 } }]],
    ['SELECT * EXCLUDE NULL FROM t WHERE t.id = 1', [{ t: { id: 1, a: 1, b: { c: 2 }, g: 'x' } }]],
    // Applied in order: arr[0], then arr[1] of what is left.
    ['SELECT * EXCLUDE arr[0], arr[1] FROM [{"a":1,"arr":[10,20,30]}] AS t', [{ t: { a: 1, arr: [20] } }]],
    // Two FROM terms: an unqualified path names a result field (none here).
    ['SELECT * EXCLUDE a FROM [{"a":1}] AS x, [{"a":2}] AS y', [{ x: { a: 1 }, y: { a: 2 } }]],
    ['SELECT *, 3 AS a EXCLUDE a FROM [{"a":1}] AS t', [{ t: { a: 1 } }]],
  ]);
  it('raises 5010 for a value that is not a string', async () => {
    const e = await errorOf('SELECT * EXCLUDE 1 FROM t');
    expect([e.code, e.message]).toEqual([5010, 'Error evaluating projection']);
  });
  it('takes no EXCLUDE after RAW', async () => {
    expect((await errorOf('SELECT RAW t EXCLUDE a FROM t')).code).toBe(3000);
  });
});

describe('GROUP AS', () => {
  cases([
    ['SELECT g, ARRAY x.t.id FOR x IN gg END AS ids FROM t GROUP BY g GROUP AS gg ORDER BY g', [{ g: 'x', ids: [1, 2] }, { g: 'y', ids: [3] }], true],
    [
      'SELECT t.a, COUNT(*) AS n, gg FROM t GROUP BY t.a GROUP AS gg ORDER BY t.a',
      [
        { n: 1, gg: [{ t: { id: 3, b: null, g: 'y' } }] },
        { a: 1, n: 1, gg: [{ t: { id: 1, a: 1, b: { c: 2 }, g: 'x' } }] },
        { a: 2, n: 1, gg: [{ t: { id: 2, a: 2, b: { c: 3 }, g: 'x' } }] },
      ],
      true,
    ],
    // Every FROM alias is in each object (UNNEST's too), LET variables are not.
    ['SELECT u.g, gg FROM t u UNNEST [1] AS v LET z = 1 GROUP BY u.g GROUP AS gg HAVING u.g = "y"', [{ g: 'y', gg: [{ u: { id: 3, b: null, g: 'y' }, v: 1 }] }]],
  ]);
  it('gives the reference errors for a name used twice', async () => {
    const e = await errorOf('SELECT 1 FROM t AS x GROUP BY x.g GROUP AS x');
    expect([e.code, e.msg]).toEqual([4020, "Duplicate GROUP AS alias 'x' (near line 1, column 44)"]);
    expect((await errorOf('SELECT t.a, gg FROM t GROUP BY t.a GROUP AS gg LETTING gg = 1')).code).toBe(3081);
  });
});

describe('LETTING without GROUP BY', () => {
  cases([
    ['SELECT n FROM t LETTING n = COUNT(*)', [{ n: 3 }]],
    ['SELECT n, m FROM t WHERE t.a IS NOT MISSING LETTING n = COUNT(*), m = MAX(t.a)', [{ n: 2, m: 2 }]],
  ]);
  it('groups the block: a document field is an error, HAVING a syntax error', async () => {
    const e = await errorOf('SELECT t.a FROM t LETTING n = COUNT(*)');
    expect([e.code, e.msg]).toEqual([4210, 'Expression (`t`.`a`) (near line 1, column 8) must depend only on group keys or aggregates.']);
    expect((await errorOf('SELECT COUNT(*) AS c FROM t LETTING y = COUNT(*) HAVING y > 0')).code).toBe(3000);
  });
});

describe('subqueries of a grouped block', () => {
  it('one that reads only its own FROM is allowed (the reference: [{"id":1,"y":[null]}])', async () => {
    expect((await db.query("SELECT id, (SELECT RAW id FROM [1] AS x) AS y FROM [{'id':1}] AS o GROUP BY id")).results).toEqual([{ id: 1, y: [null] }]);
  });
});

describe('keyspace parameters', () => {
  it('names the keyspace of FROM $1 AS d USE KEYS …', async () => {
    expect(await rows('SELECT d.a FROM $1 AS d USE KEYS $2', ['t', '1'])).toEqual([{ a: 1 }]);
    expect(sameRows(await rows('SELECT d.a FROM $1 AS d USE KEYS ["1","3"]', ['t']), [{}, { a: 1 }], false)).toBe(true);
    // Without USE KEYS, the parameter is an expression term: its value, "t".
    expect(await rows('SELECT d.a FROM $1 AS d', ['t'])).toEqual([{}]);
  });
  it('gives the reference errors', async () => {
    const noAlias = await errorOf('SELECT * FROM $1 USE KEYS $2', ['t', '1']);
    expect([noAlias.code, noAlias.msg]).toEqual([4010, 'FROM term (near line 1, column 15) must have a name or alias']);
    const index = await errorOf('SELECT d.a FROM $1 AS d USE INDEX (ix) WHERE d.a = 1', ['t']);
    expect([index.code, index.msg]).toEqual([3000, 'FROM <placeholder> cannot have USE INDEX (near line 1, column 17).']);
    for (const v of [5, 'nope']) expect((await errorOf('SELECT d.a FROM $1 AS d USE KEYS $2', [v, '1'])).message).toBe('Error evaluating expr is not valid');
  });
  it('names the keyspace of INSERT, UPDATE and DELETE', async () => {
    await rows('INSERT INTO $1 AS d VALUES("n1", {"a": 9})', ['t']);
    expect(await rows('SELECT RAW a FROM t USE KEYS "n1"')).toEqual([9]);
    expect(await rows('UPDATE $1 AS d USE KEYS "n1" SET d.a = 10 RETURNING d.a', ['t'])).toEqual([{ a: 10 }]);
    expect(await rows('DELETE FROM $1 AS d USE KEYS "n1" RETURNING d.a', ['t'])).toEqual([{ a: 10 }]);
  });
});

describe('USE KEYS VALIDATE', () => {
  it('warns of keys that name no document (5503)', async () => {
    const r = await db.query('SELECT t.id FROM t USE KEYS VALIDATE ["1", "nope"]');
    expect(r.results).toEqual([{ id: 1 }]);
    expect(r.warnings).toEqual([{ code: 5503, msg: 'Key(s) in USE KEYS hint not found' }]);
  });
  it('warns in DELETE too (the reference suite: gsi/subqexp/case_select.json#20)', async () => {
    await db.insert('t', 'tmp', { id: 9 });
    const r = await db.query('DELETE FROM t USE KEYS VALIDATE ["tmp", "nope"] RETURNING t.id');
    expect(r.results).toEqual([{ id: 9 }]);
    expect(r.warnings.map((w) => w.code)).toEqual([5503]);
  });
});

describe('USE INDEX … USING', () => {
  it('uses a GSI index named USING GSI, none named USING FTS', async () => {
    await db.query('CREATE INDEX ig ON t(g)');
    const index = async (s: string) => JSON.stringify(await db.explain(s)).match(/"index":"([^"]+)"/)?.[1];
    expect(await index('SELECT t.id FROM t USE INDEX (ig USING GSI) WHERE t.g = "x"')).toBe('ig');
    expect(await index('SELECT t.id FROM t USE INDEX (ig USING FTS) WHERE t.g = "x"')).not.toBe('ig');
    expect(sameRows(await rows('SELECT t.id FROM t USE INDEX (ig USING FTS) WHERE t.g = "x"'), [{ id: 1 }, { id: 2 }], false)).toBe(true);
  });
  it('sargs a bare path condition (the reference suite: gsi/aggregate_functions/case_group_by_group_as.json#0, explain)', async () => {
    expect(JSON.stringify(await db.explain('SELECT t.id FROM t WHERE t.g AND t.id > 0'))).toContain('"index":"ig"');
    // Truth, not presence: "x" and "y" are true, so every row; a FALSE or 0 would not be.
    expect(sameRows(await rows('SELECT t.id FROM t WHERE t.g AND t.id > 0 AND t.id < 4'), [{ id: 1 }, { id: 2 }, { id: 3 }], false)).toBe(true);
  });
});

describe('the reference error texts', () => {
  it.each<[string, number, string]>([
    ['SELECT id, a AS id FROM t', 3000, "Duplicate result alias 'id' (near line 1, column 14)."],
    ['SELECT 1 FROM t UNNEST t.b AS u UNNEST [1] AS u', 4020, "Duplicate UNNEST alias 'u' (near line 1, column 44)"],
    ['SELECT META() FROM t UNNEST [1] AS u', 4310, 'META() in query with multiple FROM terms requires an argument (near line 1, column 8).'],
    ['SELECT ARRAY_CONCAT([1]) FROM t', 3000, 'Number of arguments to function ARRAY_CONCAT must be between 2 and 32767 (near line 1, column 21).'],
    ['SELECT nosuch(1) FROM t', 3000, 'Invalid function nosuch (resolving to default:nosuch) (near line 1, column 8)'],
    ['SELECT * FROM `t`i', 3000, 'Keyspace term must be case sensitive (near line 1, column 15)'],
    ['SELECT g, COUNT(*) FROM t GROUP BY g ORDER BY a', 4210, 'Expression (`t`.`a`) (near line 1, column 47) must depend only on group keys or aggregates.'],
    // A subquery correlated on the grouped documents (the reference's answer; gsi/subqexp case_select.json#16).
    ["SELECT o.id, total FROM [{'id':1,'items':[{'p':1}]}] AS o GROUP BY o.id LETTING total = (SELECT RAW SUM(i.p) FROM o.items AS i)[0]", 4210, 'Expression (correlated (select raw sum((`i`.`p`)) from (`o`.`items`) as `i`)[0]) (near line 1, column 89) must depend only on group keys or aggregates.'],
    ['SELECT * FROM [1,2]', 4010, 'FROM expression term (near line 1, column 15) must have a name or alias'],
    ['SELECT 1 FROM t UNNEST [1]', 4010, 'UNNEST term (near line 1, column 24) must have a name or alias'],
    ['SELECT * FROM (SELECT 1)', 3000, 'Subquery in FROM clause must have an alias (near line 1, column 15).'],
  ])('%s', async (statement, code, msg) => {
    const e = await errorOf(statement);
    expect([e.code, e.msg]).toEqual([code, msg]);
  });
  it.each<[string, string]>([
    ['SELECT * FORM t', "syntax error - line 1, column 10, near 'SELECT * ', at: FORM"],
    ['SELECT * FROM', 'syntax error - at end of input'],
    ['this is it', "syntax error - line 1, column 9, near 'this is ', at: it"],
    ["this isn't a query", "syntax error - line 1, column 6, near 'this ', at: isn"],
    ['SELECT lineItems.* AS D FROM orders ORDER BY D', "syntax error - line 1, column 20, near 'SELECT lineItems.* ', at: AS (reserved word)"],
  ])('%s', async (statement, start) => {
    const e = await errorOf(statement);
    expect(e.code).toBe(3000);
    // The reference's words, then tokenql's list of what was expected.
    expect(e.msg.startsWith(start), e.msg).toBe(true);
  });
});
