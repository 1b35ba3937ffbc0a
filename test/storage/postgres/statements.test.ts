/**
 * N1QL statements through `Database` on the PostgreSQL store: the golden case files of
 * test/cases (their literal expected results, from the reference's semantics) run on a fresh
 * PostgreSQL database each, and a reopen keeps keyspaces, documents, indexes (re-created from
 * their saved definitions), users, functions and sequences.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import type { Value } from '../../../src/values/index.js';
import { canonical, sameRows } from '../../support/compare.js';
import { createDatabase, startTestPostgres, type TestPostgres } from '../../support/postgres.js';

interface CaseFile {
  keyspaces: Record<string, Record<string, Value>>;
  cases: { statement: string; params?: Record<string, Value> | Value[]; results?: Value[]; error?: { code: number; message?: string }; ordered?: boolean }[];
}

const casesDir = fileURLToPath(new URL('../../cases/', import.meta.url));
const files = readdirSync(casesDir).filter((f) => f.endsWith('.json'));

let pg: TestPostgres | undefined;
beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

describe('golden cases on the PostgreSQL store', () => {
  for (const file of files) {
    it(file, async (ctx) => {
      if (!pg) return ctx.skip();
      const spec: CaseFile = JSON.parse(readFileSync(path.join(casesDir, file), 'utf8'));
      const db = await Database.open({ store: createDatabase(pg.cluster) });
      try {
        for (const [ks, docs] of Object.entries(spec.keyspaces)) {
          await db.createKeyspace(ks);
          const report = await db.load(ks, Object.values(docs), { key: ((_d: Value, i: number) => Object.keys(docs)[i]) as never });
          expect(report.failures).toEqual([]);
        }
        for (const c of spec.cases) {
          const label = `${file}: ${c.statement}`;
          if (c.error) {
            const err = await db.query(c.statement, { params: c.params }).then(
              () => undefined,
              (e: unknown) => e,
            );
            expect(err, label).toBeInstanceOf(QueryError);
            expect((err as QueryError).code, `${label}: ${(err as Error).message}`).toBe(c.error.code);
            if (c.error.message !== undefined) expect((err as Error).message, label).toBe(c.error.message);
            continue;
          }
          const { results } = await db.query(c.statement, { params: c.params });
          const ok = sameRows(results, c.results!, c.ordered ?? false);
          if (!ok) expect(results.map(canonical), label).toEqual(c.results!.map(canonical));
          expect(ok, label).toBe(true);
        }
      } finally {
        await db.close();
      }
    });
  }
});
