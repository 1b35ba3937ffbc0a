/**
 * Property: on the PostgreSQL store an index never changes a result. The scenarios of
 * test/property/index-vs-scan.property.test.ts (random documents, token, scalar, composite and
 * partial indexes, writes before and after the CREATE INDEX statements, token and scalar
 * predicates) run with database A on a real PostgreSQL (index entries are rows, scanned in
 * PostgreSQL) and B a memory database without indexes: every statement has the same outcome.
 * The same with A two query nodes on one PostgreSQL database, the statements alternating
 * between them (an index one node creates is maintained by the other's writes).
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 25 and 15 here: each opens databases on PostgreSQL).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { KEYSPACE, propertyParameters, propertyRuns, runScenario, scenario, type Stats } from '../../../src/testing/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

const RUNS = propertyRuns(25);
const QUERIES_PER_SCENARIO = 8;

describe('PostgreSQL store: index scan vs full scan (property)', { timeout: 900_000 }, () => {
  it('every statement has the same outcome with the indexes in PostgreSQL and without indexes', async (ctx) => {
    const pg = postgres();
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

  it('two query nodes on one PostgreSQL, statements alternating between them, agree with one memory database', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    /** A: two nodes; CREATE INDEX and writes and queries go to one or the other in turn. */
    const openA = async (): Promise<Database> => {
      // The previous scenario's keyspace is dropped before the second node opens (a node does not
      // notice a keyspace that another node dropped and made again: it keeps the old one's id).
      const one = await Database.open({ store: url });
      try {
        if (one.keyspaces().includes(KEYSPACE)) await one.dropBucket(KEYSPACE);
      } catch (e) {
        await one.close();
        throw e;
      }
      const two = await Database.open({ store: url });
      let turn = 0;
      const next = (): Database => (turn++ % 2 === 0 ? one : two);
      const nodes = {
        createKeyspace: (name: string) => one.createKeyspace(name),
        query: (statement: string) => next().query(statement),
        explain: (statement: string) => one.explain(statement),
        close: async () => {
          await one.close();
          await two.close();
        },
      };
      return nodes as unknown as Database;
    };
    const stats: Stats = { queries: 0, writes: 0 };
    await fc.assert(
      fc.asyncProperty(scenario(QUERIES_PER_SCENARIO), (s) => runScenario(s, stats, openA)),
      propertyParameters(15, { includeErrorInReport: true }),
    );
    expect(stats.queries).toBeGreaterThanOrEqual(propertyRuns(15) * (QUERIES_PER_SCENARIO + 1));
  });
});
