/**
 * Planner fixtures (test/planner/fixtures/*.json, one file per rule family of spec §10.1–§10.3):
 * each case creates its indexes on the shared keyspace (test/planner/documents.json), checks the
 * fields of the EXPLAIN summary it states (plan-summary.ts), and checks that the statement
 * returns the same rows as on a database without the indexes.
 *
 * Expected values come from the spec (and, where it is silent on a span's shape, from the
 * reference planner files it names: planner/sarg_*.go); never from running tokenql. Every case
 * runs on each store kind (test/support/store-kinds.ts): the plan must not depend on the store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database, Value } from '../../src/index.js';
import { canonical, sameRows } from '../support/compare.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase, reopenTestDatabase, type StoreKind } from '../support/store-kinds.js';
import { pickSummary, summarize, type ExpectedSummary } from './plan-summary.js';

interface FixtureCase {
  name: string;
  spec?: string;
  indexes: string[];
  statement: string;
  /** The summary fields the plan must have. */
  expect?: ExpectedSummary;
  /** Alternatives where the spec allows several plans (e.g. an IntersectScan or a single index). */
  expectAnyOf?: ExpectedSummary[];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(HERE, 'fixtures');
const shared = JSON.parse(readFileSync(path.join(HERE, 'documents.json'), 'utf8')) as { keyspace: string; documents: { key: string; value: Value }[] };

/** A database of `kind` with the shared keyspace loaded and the given indexes created (then restarted on a durable kind). */
async function openWith(kind: StoreKind, indexes: string[]): Promise<Database> {
  const db = await openTestDatabase(kind);
  await db.createKeyspace(shared.keyspace);
  for (const d of shared.documents) {
    await db.query(`INSERT INTO ${shared.keyspace} (KEY, VALUE) VALUES (${JSON.stringify(d.key)}, ${JSON.stringify(d.value)})`);
  }
  for (const s of indexes) await db.query(s);
  // A durable store is restarted: the plans use the index definitions it recovered.
  return reopenTestDatabase(db);
}

const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).sort();

describeStores('planner fixtures', (kind) => {
  let plain: Database | undefined;
  const withoutIndexes = async (): Promise<Database> => (plain ??= await openWith(kind, []));
  afterAll(async () => plain?.close());

  it('has the six rule families', () => {
    expect(files).toEqual(['any-tokens-options.json', 'contains-token-rewrite.json', 'covering-order-limit.json', 'intersect-union.json', 'partial-index.json', 'scalar-sargable.json']);
  });

  for (const file of files) {
    const { cases } = JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as { cases: FixtureCase[] };
    describe(file, () => {
      for (const c of cases) {
        it(c.name, async () => {
          const db = await openWith(kind, c.indexes);
          try {
            const plan = await db.explain(c.statement);
            const summary = summarize(plan);
            const alternatives = c.expectAnyOf ?? [c.expect!];
            const picked = alternatives.map((e) => pickSummary(summary, e));
            const match = picked.find((p) => canonical(p.actual as Value) === canonical(p.expected as Value)) ?? picked[0];
            // Soft, so that the rows are compared even when the plan is not the expected one.
            expect.soft(match.actual, `${c.statement}\nplan: ${JSON.stringify(plan)}`).toEqual(match.expected);

            const ordered = /\bORDER\s+BY\b/i.test(c.statement);
            const rows = (await db.query(c.statement)).results;
            const reference = (await (await withoutIndexes()).query(c.statement)).results;
            if (!sameRows(rows, reference, ordered)) expect(rows.map(canonical)).toEqual(reference.map(canonical));
            expect(sameRows(rows, reference, ordered)).toBe(true);
          } finally {
            await db.close();
          }
        });
      }
    });
  }
});
