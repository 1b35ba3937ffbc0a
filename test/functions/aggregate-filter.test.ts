/**
 * The aggregate FILTER (WHERE …) clause and the errors of aggregates used wrongly. Expected
 * rows and error codes: the reference engine's literal answers (n1ql-reference, couchbase/query
 * 3582af6c) to the same statements.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';
import { parseExpression, printExpr } from '../../src/syntax/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

const GROUPS =
  '[{"g":"a","v":1,"w":true},{"g":"a","v":2},{"g":"a","v":3,"w":1},{"g":"b","v":null,"w":"x"},{"g":"b","w":0},{"g":"b","v":5,"w":[]}]';

const ROWS: [statement: string, expected: unknown[]][] = [
  [
    `SELECT d.g, SUM(d.v) FILTER (WHERE d.v > 1) AS s, COUNT(*) FILTER (WHERE d.v IS NOT VALUED) AS c, MEDIAN(d.v) FILTER (WHERE d.g = "a") AS m, ARRAY_AGG(d.v) FILTER (WHERE d.w) AS a FROM ${GROUPS} AS d GROUP BY d.g ORDER BY d.g`,
    [
      { g: 'a', s: 5, c: 0, m: 2, a: [1, 3] },
      { g: 'b', s: 5, c: 2, m: null, a: [null] },
    ],
  ],
  ['SELECT SUM(d.v) FILTER (WHERE d.v > 1) AS s, SUM(d.v) AS t FROM [{"v":1},{"v":2},{"v":3}] AS d', [{ s: 5, t: 6 }]],
  ['SELECT COUNT(DISTINCT d.v) FILTER (WHERE d.v < 3) AS c FROM [{"v":1},{"v":1},{"v":2},{"v":3}] AS d', [{ c: 2 }]],
  ['SELECT SUM(d.v) FILTER (WHERE d.v > 10) AS s, COUNT(*) FILTER (WHERE false) AS c FROM [{"v":1}] AS d', [{ s: null, c: 0 }]],
  ['SELECT SUM(d.v) FILTER (WHERE d.v > 1) AS s FROM [{"v":1},{"v":2}] AS d ORDER BY SUM(d.v) FILTER (WHERE d.v > 1)', [{ s: 2 }]],
  // The condition is true, or not: MISSING and NULL filter the row out, 1 and "a" keep it.
  [
    'SELECT SUM(x) FILTER (WHERE MISSING) s, SUM(x) FILTER (WHERE NULL) s2, SUM(x) FILTER (WHERE 1) s3, SUM(x) FILTER (WHERE "a") s4, COUNT(*) FILTER (WHERE false) s5 FROM [1,2] AS x',
    [{ s: null, s2: null, s3: 3, s4: 3, s5: 0 }],
  ],
  ['SELECT STDDEV(x) FILTER (WHERE x > 1) AS s FROM [1,2,3,4] AS x', [{ s: 1 }]],
  ['SELECT SUM(DISTINCT x) FILTER (WHERE x > 1) AS s FROM [1,2,2,3,4] AS x', [{ s: 9 }]],
  // A `filter` field and alias still work (FILTER is reserved in the reference, soft here).
  ['SELECT d.filter AS f, SUM(d.v) filter FROM [{"filter":1,"v":2}] AS d GROUP BY d.filter', [{ f: 1, filter: 2 }]],
];

describe('aggregate FILTER (WHERE …)', () => {
  for (const [statement, expected] of ROWS) {
    it(statement, async () => {
      expect((await db.query(statement)).results).toEqual(expected);
    });
  }

  // As the reference's gsi/aggflt cases check: the FILTER's fields count for covering.
  it('is covered by an index holding its fields, and only then', async () => {
    await db.load('orders', [{ c1: 'A', c2: 'X', c3: 1, c4: 2 }], { key: 'o%c3%' });
    await db.query('CREATE INDEX ix_c123 ON orders(c1, c2, c3)');
    const covers = async (stmt: string) => JSON.stringify((await db.query(`EXPLAIN ${stmt}`)).results).includes('"covers"');
    expect(await covers("SELECT SUM(d.c3) FILTER (WHERE d.c2 = 'X') AS s FROM orders AS d WHERE d.c1 = 'A'")).toBe(true);
    expect(await covers("SELECT SUM(d.c3) FILTER (WHERE d.c4 > 10) AS s FROM orders AS d WHERE d.c1 = 'A'")).toBe(false);
    expect((await db.query("SELECT SUM(d.c3) FILTER (WHERE d.c2 = 'X') AS s FROM orders AS d WHERE d.c1 = 'A'")).results).toEqual([{ s: 1 }]);
  });

  it('prints and re-parses', () => {
    const e = parseExpression('SUM(DISTINCT x) FILTER (WHERE x > 1)');
    expect(printExpr(e)).toBe('sum(distinct `x`) filter (where (`x` > 1))');
    expect(printExpr(parseExpression(printExpr(e)))).toBe(printExpr(e));
  });
});

const ERRORS: [statement: string, code: number, message: string][] = [
  ['SELECT LOWER(d.v) FILTER (WHERE d.v > 1) AS s FROM [{"v":1}] AS d', 3000, 'FILTER clause syntax is not valid for function LOWER'],
  ['SELECT SUM(d.v) FILTER (WHERE d.v > (SELECT RAW 1)[0]) AS s FROM [{"v":1},{"v":2}] AS d', 4000, 'Subqueries are not allowed in aggregate filter'],
  ['SELECT SUM(d.v) FILTER (WHERE SUM(d.v) > 1) AS s FROM [{"v":1}] AS d', 4000, ''],
  ['SELECT MEDIAN(MEDIAN(x)) FROM [1] x', 4000, ''],
  ['SELECT d.v FROM [{"v":1}] AS d WHERE STDDEV(d.v) > 0', 4000, 'Aggregates not allowed in WHERE'],
  ['SELECT STDDEV(d.v, 1) FROM [{"v":1}] AS d', 3000, 'Number of arguments to function STDDEV must be 1'],
  ['SELECT MEDIAN(x, 1) FROM [1] AS x', 3000, 'Number of arguments to function MEDIAN must be 1'],
  ['SELECT VARIANCE(*) FROM [{"v":1}] AS d', 3000, 'Invalid aggregate function VARIANCE(*)'],
  ['SELECT SUM(*) FROM [1] x', 3000, 'Invalid aggregate function SUM(*)'],
];

describe('aggregates used wrongly', () => {
  for (const [statement, code, message] of ERRORS) {
    it(statement, async () => {
      const err = await db.query(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(code);
      expect((err as QueryError).message).toContain(message);
    });
  }
});
