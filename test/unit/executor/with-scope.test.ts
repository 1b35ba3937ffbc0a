/**
 * The names a WITH binds inside a FROM subquery are visible only in that subquery: the outer
 * block's unqualified name is a field of the subquery's row. Expected rows: the reference's
 * literal answers (n1ql-reference, cbq-engine 3582af6c); the second is the suite's
 * gsi/subqexp case_select.json#30.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(() => db.close());

describe('WITH inside a FROM subquery', () => {
  it('the outer p1 is the field of the subquery row', async () => {
    const r = await db.query("SELECT t, p1 FROM (WITH p1 AS ('ABC') SELECT t1.a, p1 FROM [{'a':10}] AS t1) AS t");
    expect(r.results).toEqual([{ t: { a: 10, p1: 'ABC' }, p1: 'ABC' }]);
  });

  it('in a correlated subquery over a LET variable', async () => {
    const r = await db.query("SELECT (SELECT t.a, p1 FROM (WITH p1 AS ('ABC') SELECT t1.a, p1 FROM data AS t1) AS t) AS proj1 LET data = [{'a':10}]");
    expect(r.results).toEqual([{ proj1: [{ a: 10, p1: 'ABC' }] }]);
  });

  it('a top-level WITH is still seen by ORDER BY', async () => {
    const r = await db.query("WITH p1 AS ('ABC') SELECT t1.a, p1 FROM [{'a':10},{'a':1}] AS t1 ORDER BY p1, a");
    expect(r.results).toEqual([{ a: 1, p1: 'ABC' }, { a: 10, p1: 'ABC' }]);
  });
});
