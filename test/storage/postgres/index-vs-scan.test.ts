/**
 * Property: on the PostgreSQL store an index never changes a result. The scenarios of
 * test/property/index-vs-scan.property.test.ts (random documents, token, scalar, composite and
 * partial indexes, writes before and after the CREATE INDEX statements, token and scalar
 * predicates) run with database A on a real PostgreSQL (index entries are rows, scanned in
 * PostgreSQL) and B a memory database without indexes: every statement has the same outcome.
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 25 here: each opens a database on PostgreSQL).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { KEYSPACE, propertyParameters, propertyRuns, runScenario, scenario, type Stats } from '../../../src/testing/index.js';
import { createDatabase, startTestPostgres, type TestPostgres } from '../../support/postgres.js';

let pg: TestPostgres | undefined;
beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

const RUNS = propertyRuns(25);
const QUERIES_PER_SCENARIO = 8;

describe('PostgreSQL store: index scan vs full scan (property)', { timeout: 900_000 }, () => {
  it('every statement has the same outcome with the indexes in PostgreSQL and without indexes', async (ctx) => {
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const openA = async (): Promise<Database> => {
      const db = await Database.open({ store: url });
      try {
        if (db.keyspaces().includes(KEYSPACE)) await db.dropBucket(KEYSPACE);
      } catch (e) {
        await db.close();
        throw e;
      }
      return db;
    };
    const stats: Stats = { queries: 0, writes: 0 };
    await fc.assert(
      fc.asyncProperty(scenario(QUERIES_PER_SCENARIO), (s) => runScenario(s, stats, openA)),
      propertyParameters(25, { includeErrorInReport: true }),
    );
    expect(stats.queries).toBeGreaterThanOrEqual(RUNS * (QUERIES_PER_SCENARIO + 1));
  });
});
