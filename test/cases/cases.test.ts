import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { QueryError } from '../../src/index.js';
import type { Value } from '../../src/values/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase, reopenTestDatabase } from '../support/store-kinds.js';

/**
 * Golden statement → result cases in test/cases/*.json (STYLE: couchbase/query's test_cases).
 * Each file: `{ "keyspaces": {name: {key: document}}, "cases": [{ "statement", "params"?,
 * "results"? | "error"?: {code}, "ordered"? }] }`. Cases in a file run in order on one database,
 * so DML cases can check their effect with a later SELECT. Expected values are written from the
 * N1QL reference semantics, not produced by tokenql. Every file runs on each store kind
 * (test/support/store-kinds.ts) with the same expected results; a durable store is restarted
 * after the load.
 */
interface CaseFile {
  keyspaces: Record<string, Record<string, Value>>;
  cases: { statement: string; params?: Record<string, Value> | Value[]; results?: Value[]; error?: { code: number; message?: string }; ordered?: boolean }[];
}

const dir = path.dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

describeStores('golden cases', (kind) => {
  it('has case files', () => expect(files.length).toBeGreaterThan(3));
  for (const file of files) {
    it(file, async () => {
      const spec: CaseFile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      let db = await openTestDatabase(kind);
      try {
        for (const [ks, docs] of Object.entries(spec.keyspaces)) {
          await db.createKeyspace(ks);
          const report = await db.load(ks, Object.values(docs), { key: ((_d: Value, i: number) => Object.keys(docs)[i]) as never });
          expect(report.failures).toEqual([]);
        }
        // A durable store is restarted: the cases read the documents it recovered.
        db = await reopenTestDatabase(db);
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
