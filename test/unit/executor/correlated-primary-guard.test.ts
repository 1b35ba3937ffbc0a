/**
 * A correlated subquery may not scan a keyspace of more than 1000 documents with a primary scan
 * (error 5370). Expected text: the suite's gsi/subqexp case_allow_primary_seqscan_for_corr_subq.json
 * #0 and #1, with the code and "Unable to run subquery - cause: " prefix of the reference's
 * E_SUBQUERY_BUILD (couchbase/query errors; the code 5370 as the reference's own tests expect it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

const TEXT = "Correlated subquery's keyspace (d1) cannot have more than 1000 documents without appropriate secondary index";

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.query('INSERT INTO customer (KEY k, VALUE v) SELECT "k" || TO_STRING(t) k, {"a":1} v FROM array_range(0,1001) t');
  await db.createKeyspace('small');
  await db.query('INSERT INTO small (KEY k, VALUE v) SELECT "k" || TO_STRING(t) k, {"a":1} v FROM array_range(0,1000) t');
});
afterAll(() => db.close());

async function errorOf(statement: string): Promise<QueryError> {
  const err = await db.query(statement).then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(QueryError);
  return err as QueryError;
}

describe('correlated subquery over a primary scan', () => {
  it.each([
    'SELECT d.a FROM customer d LET v = (SELECT d1.a FROM customer AS d1 WHERE d.a = d1.a)',
    'SELECT d.a FROM customer d LET v = (SELECT meta(d1).id FROM customer AS d1 WHERE d.a = 1)',
  ])('%s raises 5370', async (statement) => {
    const err = await errorOf(statement);
    expect(err.code).toBe(5370);
    expect(err.message).toBe(`Unable to run subquery - cause: ${TEXT}`);
  });

  it('runs at 1000 documents', async () => {
    const r = await db.query('SELECT COUNT(*) AS n FROM small d LET v = (SELECT d1.a FROM small AS d1 WHERE d.a = d1.a LIMIT 1)');
    expect(r.results).toEqual([{ n: 1000 }]);
  });

  it('runs with a secondary index the subquery uses, and uncorrelated', async () => {
    await db.query('CREATE INDEX ix_a ON customer(a)');
    const r = await db.query('SELECT COUNT(*) AS n FROM customer d LET v = (SELECT d1.a FROM customer AS d1 WHERE d1.a = d.a LIMIT 1)');
    expect(r.results).toEqual([{ n: 1001 }]);
    await db.query('DROP INDEX customer.ix_a');
    const u = await db.query('SELECT COUNT(*) AS n FROM customer d LET v = (SELECT RAW COUNT(*) FROM customer AS d1)');
    expect(u.results).toEqual([{ n: 1001 }]);
  });
});
