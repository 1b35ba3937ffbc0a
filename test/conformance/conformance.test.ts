import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { conformanceCases, type ConformanceCase as Case } from '../support/conformance.js';
import { sharedPath } from '../support/shared.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase, reopenTestDatabase } from '../support/store-kinds.js';

const cases: Case[] = conformanceCases();

/**
 * Every case of the reference's own test vectors (../shared/conformance/cases.json), run on the
 * real datasets with their documented key templates. Setup statements (CREATE INDEX) run first
 * (then a durable store is restarted). Every case runs on each store kind (test/support/store-kinds.ts).
 */
describeStores('conformance: the reference test vectors', (kind) => {
  const dbs = new Map<string, Database>();

  async function dbFor(c: Case): Promise<Database> {
    const sig = JSON.stringify(c.keyspaces) + JSON.stringify(c.setup);
    let db = dbs.get(sig);
    if (!db) {
      db = await openTestDatabase(kind);
      for (const [ks, spec] of Object.entries(c.keyspaces)) {
        const report = await db.load(ks, sharedPath(spec.file), { key: spec.key });
        expect(report.failures).toEqual([]);
      }
      for (const s of c.setup) await db.query(s);
      db = await reopenTestDatabase(db);
      dbs.set(sig, db);
    }
    return db;
  }

  beforeAll(() => expect(cases.length).toBe(28));
  afterAll(async () => {
    for (const db of dbs.values()) await db.close();
  });

  for (const c of cases) {
    it(`${c.id}: ${c.statement.slice(0, 90)}`, async () => {
      const db = await dbFor(c);
      const { results } = await db.query(c.statement);
      if (!sameRows(results, c.results, c.ordered)) {
        expect(results.map(canonical)).toEqual(c.results.map(canonical));
      }
      expect(sameRows(results, c.results, c.ordered)).toBe(true);
    });
  }
});
