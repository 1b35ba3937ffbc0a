/**
 * MERGE ≡ the UPDATE, DELETE and INSERT it stands for (issue 21). Random target documents and
 * source rows: one database runs
 *   MERGE INTO t USING <source> AS s ON t.k = s.k
 *     WHEN MATCHED THEN UPDATE SET t.v = t.v + s.v, t.m = s.id WHERE s.v >= U
 *     WHEN MATCHED THEN DELETE WHERE s.v < D
 *     WHEN NOT MATCHED THEN INSERT (KEY "new-" || s.id, VALUE {"k": s.k, "v": s.v}) WHERE s.v % 2 = 0
 * (and the same as a lookup merge, ON KEY), the other the separate statements, each deciding on
 * the keyspace as it was before (a MERGE never sees its own writes). Both keyspaces must hold the
 * same documents afterwards, and the MERGE's mutation count must be the sum of theirs. A source
 * that matches one target document twice with an update makes the MERGE fail with 5320 and
 * leaves the keyspace as it was.
 * Runs: TOKENQL_PROPERTY_RUNS scenarios (default 60).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';
import type { Value } from '../../src/values/index.js';

/** Match keys: small numbers (1 and 1.0 equal), strings, NULL and MISSING (which never match). */
const keyValue = fc.constantFrom<Value>(1, 2, 3, 4, 'a', 'b', null, undefined);
const targetDoc = fc.record({ k: keyValue, v: fc.integer({ min: 0, max: 9 }) });
const targets = fc.array(targetDoc, { maxLength: 10 });
/** Source rows: distinct present keys (a key twice would update a document twice: 5320). */
const sources = fc
  .array(fc.record({ k: keyValue, v: fc.integer({ min: 0, max: 9 }) }), { maxLength: 8 })
  .map((rows) => {
    const seen = new Set<Value>();
    return rows.filter((r) => r.k === undefined || r.k === null || (!seen.has(r.k) && seen.add(r.k)));
  });
const thresholds = fc.record({ update: fc.integer({ min: 0, max: 10 }), del: fc.integer({ min: 0, max: 10 }) }).filter((t) => t.del <= t.update);

async function open(docs: { k: Value; v: number }[]): Promise<Database> {
  const db = await Database.open();
  await db.createKeyspace('t');
  for (const [i, d] of docs.entries()) await db.upsert('t', `t${i}`, { ...(d.k === undefined ? {} : { k: d.k }), v: d.v });
  return db;
}

const contents = async (db: Database) => (await db.query('SELECT META().id AS id, t.* FROM t ORDER BY META().id')).results;
const mutations = async (db: Database, statement: string) => (await db.query(statement)).metrics.mutationCount ?? 0;

/** The source rows as a N1QL array literal, each with its `id` ("s0", "s1" …). */
function sourceText(rows: { k: Value; v: number }[]): string {
  return JSON.stringify(rows.map((r, i) => ({ id: `s${i}`, ...(r.k === undefined ? {} : { k: r.k }), v: r.v })));
}

describe('MERGE (property)', { timeout: 300_000 }, () => {
  it('ANSI MERGE ≡ UPDATE + DELETE + INSERT deciding on the keyspace before it', async () => {
    await fc.assert(
      fc.asyncProperty(targets, sources, thresholds, async (target, source, th) => {
        const src = sourceText(source);
        const merged = await open(target);
        const separate = await open(target);
        try {
          const n = await mutations(
            merged,
            `MERGE INTO t USING ${src} AS s ON t.k = s.k ` +
              `WHEN MATCHED THEN UPDATE SET t.v = t.v + s.v, t.m = s.id WHERE s.v >= ${th.update} ` +
              `WHEN MATCHED THEN DELETE WHERE s.v < ${th.del} ` +
              `WHEN NOT MATCHED THEN INSERT (KEY "new-" || s.id, VALUE {"k": s.k, "v": s.v}) WHERE s.v % 2 = 0`,
          );
          // Unmatched on the keyspace before: no document has its key (MISSING and NULL never match).
          const inserted = await mutations(
            separate,
            `INSERT INTO t (KEY "new-" || s.id, VALUE {"k": s.k, "v": s.v}) SELECT s FROM ${src} AS s ` +
              `WHERE s.v % 2 = 0 AND NOT ANY x IN (SELECT RAW k FROM t WHERE META().id NOT LIKE "new-%") SATISFIES x = s.k END`,
          );
          const old = 'META(t).id NOT LIKE "new-%"';
          const updated = await mutations(
            separate,
            `UPDATE t SET v = v + FIRST s.v FOR s IN ${src} WHEN s.k = t.k END, m = FIRST s.id FOR s IN ${src} WHEN s.k = t.k END ` +
              `WHERE ${old} AND ANY s IN ${src} SATISFIES s.k = t.k AND s.v >= ${th.update} END`,
          );
          const deleted = await mutations(separate, `DELETE FROM t WHERE ${old} AND ANY s IN ${src} SATISFIES s.k = t.k AND s.v < ${th.del} END`);
          expect(await contents(merged)).toEqual(await contents(separate));
          expect(n).toBe(inserted + updated + deleted);
        } finally {
          await merged.close();
          await separate.close();
        }
      }),
      propertyParameters(60),
    );
  });

  it('lookup MERGE (ON KEY) ≡ UPDATE + INSERT by key', async () => {
    const keyed = fc.array(fc.record({ key: fc.constantFrom('t0', 't1', 't2', 't3', 'x1', 'x2'), v: fc.integer({ min: 0, max: 9 }) }), { maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(targets, keyed, async (target, rows) => {
        const unique = [...new Map(rows.map((r) => [r.key, r])).values()];
        const src = JSON.stringify(unique);
        const merged = await open(target);
        const separate = await open(target);
        try {
          const n = await mutations(merged, `MERGE INTO t USING ${src} AS s ON KEY s.key WHEN MATCHED THEN UPDATE SET t.v = s.v WHEN NOT MATCHED THEN INSERT {"v": s.v, "ins": true}`);
          const existing = new Set(target.map((_, i) => `t${i}`));
          const updates = unique.filter((r) => existing.has(r.key));
          const inserts = unique.filter((r) => !existing.has(r.key));
          let m = 0;
          for (const r of updates) m += await mutations(separate, `UPDATE t USE KEYS "${r.key}" SET v = ${r.v}`);
          for (const r of inserts) m += await mutations(separate, `INSERT INTO t VALUES ("${r.key}", {"v": ${r.v}, "ins": true})`);
          expect(await contents(merged)).toEqual(await contents(separate));
          expect(n).toBe(m);
        } finally {
          await merged.close();
          await separate.close();
        }
      }),
      propertyParameters(60),
    );
  });

  it('a target document matched twice for an update fails the MERGE (5320) and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(targets, fc.constantFrom<Value>(1, 2, 'a'), async (target, k) => {
        const db = await open([...target, { k, v: 0 }]);
        try {
          const before = await contents(db);
          const src = JSON.stringify([{ id: 's0', k, v: 1 }, { id: 's1', k, v: 2 }, { id: 's2', k: 'zz', v: 2 }]);
          const err = await db
            .query(`MERGE INTO t USING ${src} AS s ON t.k = s.k WHEN MATCHED THEN UPDATE SET t.v = s.v WHEN NOT MATCHED THEN INSERT (KEY s.id, VALUE s)`)
            .then(() => undefined, (e: unknown) => e);
          expect(err).toBeInstanceOf(QueryError);
          expect((err as QueryError).code).toBe(5320);
          expect(await contents(db)).toEqual(before);
        } finally {
          await db.close();
        }
      }),
      propertyParameters(30),
    );
  });
});
