/**
 * Properties of transactions (docs/transactions.md). A transaction rolled back leaves everything as it was:
 * Random documents in two keyspaces, each with a secondary index; a random sequence of writes
 * inside a transaction (INSERT — which may fail with 17012 and then must leave nothing —,
 * UPSERT, UPDATE … WHERE through the index, DELETE by key and by predicate), a SAVEPOINT in the
 * middle and more writes. Then either ROLLBACK TO SAVEPOINT, after which the transaction sees
 * exactly what it saw at the SAVEPOINT, or ROLLBACK, after which the store is exactly as before
 * the transaction. "Exactly" compares each keyspace's documents (primary scan, USE KEYS reads
 * and COUNT) and its index's scan results (covered index scans, so the index alone answers).
 * Other requests see the store unchanged at every step. And a committed transaction leaves the
 * store as the same statements run one by one without a transaction.
 * Runs: TOKENQL_PROPERTY_RUNS (default 60); replay with TOKENQL_PROPERTY_SEED / _PATH.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Database, QueryError, type QueryOptions } from '../../src/index.js';
import { propertyParameters } from '../../src/testing/index.js';

const KEYSPACES = ['p', 'q'] as const;
const KEYS = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5'];

type Op =
  | { kind: 'insert' | 'upsert'; ks: string; key: string; v: number }
  | { kind: 'update'; ks: string; lo: number; v: number }
  | { kind: 'delete'; ks: string; key: string }
  | { kind: 'deleteWhere'; ks: string; v: number };

const ks = fc.constantFrom(...KEYSPACES);
const key = fc.constantFrom(...KEYS);
const v = fc.integer({ min: 0, max: 5 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('insert' as const, 'upsert' as const), ks, key, v }),
  fc.record({ kind: fc.constant('update' as const), ks, lo: v, v }),
  fc.record({ kind: fc.constant('delete' as const), ks, key }),
  fc.record({ kind: fc.constant('deleteWhere' as const), ks, v }),
);

function statement(o: Op): string {
  switch (o.kind) {
    case 'insert':
    case 'upsert':
      return `${o.kind.toUpperCase()} INTO ${o.ks} VALUES ('${o.key}', {'v': ${o.v}, 'w': 'n${o.v}'})`;
    case 'update':
      return `UPDATE ${o.ks} AS d SET d.v = ${o.v}, d.u = true WHERE d.v >= ${o.lo}`;
    case 'delete':
      return `DELETE FROM ${o.ks} USE KEYS '${o.key}'`;
    case 'deleteWhere':
      return `DELETE FROM ${o.ks} AS d WHERE d.v = ${o.v}`;
  }
}

/** Everything observable of both keyspaces: documents and index scan results (sorted where the order is not defined). */
async function snapshot(db: Database, options: QueryOptions = {}): Promise<unknown> {
  const out: Record<string, unknown> = {};
  for (const k of KEYSPACES) {
    const q = async (s: string) => (await db.query(s, options)).results;
    out[k] = {
      docs: await q(`SELECT META(d).id, d.* FROM ${k} AS d ORDER BY META(d).id`),
      byKey: await q(`SELECT RAW META(d).id FROM ${k} AS d USE KEYS ${JSON.stringify(KEYS)}`),
      count: await q(`SELECT RAW COUNT(*) FROM ${k}`),
      index: (await q(`SELECT RAW [d.v, META(d).id] FROM ${k} AS d WHERE d.v >= 0`)).map((r) => JSON.stringify(r)).sort(),
      range: (await q(`SELECT RAW META(d).id FROM ${k} AS d WHERE d.v BETWEEN 1 AND 3`)).sort(),
      ordered: await q(`SELECT RAW META(d).id FROM ${k} AS d WHERE d.v >= 2 ORDER BY d.v DESC, META(d).id LIMIT 3`),
    };
  }
  return out;
}

/** Runs a write in the transaction; a 17012 (INSERT of a live key) is allowed and must leave nothing. */
async function write(db: Database, txid: string, o: Op): Promise<void> {
  const before = await snapshot(db, { txid });
  try {
    await db.query(statement(o), { txid });
  } catch (e) {
    if (!(e instanceof QueryError) || e.code !== 17012) throw e;
    expect(await snapshot(db, { txid }), 'a failed statement leaves none of its writes').toEqual(before);
  }
}

describe('a rolled-back transaction leaves every keyspace and index as before (property)', { timeout: 600_000 }, () => {
  it('ROLLBACK restores the store; ROLLBACK TO SAVEPOINT restores the transaction\'s view at the savepoint', async () => {
    const initial = fc.array(fc.record({ ks, key, v }), { maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(initial, fc.array(op, { maxLength: 6 }), fc.array(op, { minLength: 1, maxLength: 6 }), fc.boolean(), async (docs, first, second, whole) => {
        const db = await Database.open();
        try {
          for (const k of KEYSPACES) {
            await db.createKeyspace(k);
            await db.query(`CREATE INDEX ix_${k} ON ${k}(v)`);
          }
          for (const d of docs) await db.upsert(d.ks, d.key, { v: d.v, w: `i${d.v}` });
          const outside = await snapshot(db);
          const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
          for (const o of first) await write(db, txid, o);
          await db.query('SAVEPOINT sp', { txid });
          const atSavepoint = await snapshot(db, { txid });
          for (const o of second) await write(db, txid, o);
          expect(await snapshot(db), 'other requests do not see the transaction').toEqual(outside);
          if (whole) {
            await db.query('ROLLBACK', { txid });
          } else {
            await db.query('ROLLBACK TO SAVEPOINT sp', { txid });
            expect(await snapshot(db, { txid })).toEqual(atSavepoint);
            await db.query('ROLLBACK', { txid });
          }
          expect(await snapshot(db)).toEqual(outside);
        } finally {
          await db.close();
        }
      }),
      propertyParameters(60),
    );
  });

  it('COMMIT gives the store the same documents and index entries as the same statements run without a transaction', async () => {
    const initial = fc.array(fc.record({ ks, key, v }), { maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(initial, fc.array(op, { minLength: 1, maxLength: 10 }), async (docs, ops) => {
        const [a, b] = [await Database.open(), await Database.open()];
        try {
          for (const db of [a, b]) {
            for (const k of KEYSPACES) {
              await db.createKeyspace(k);
              await db.query(`CREATE INDEX ix_${k} ON ${k}(v)`);
            }
            for (const d of docs) await db.upsert(d.ks, d.key, { v: d.v, w: `i${d.v}` });
          }
          const txid = ((await a.query('BEGIN WORK')).results[0] as { txid: string }).txid;
          for (const o of ops) {
            await write(a, txid, o);
            await b.query(statement(o)).catch((e: unknown) => {
              if (!(e instanceof QueryError) || e.code !== 12009) throw e;
            });
          }
          await a.query('COMMIT', { txid });
          expect(await snapshot(a)).toEqual(await snapshot(b));
        } finally {
          await a.close();
          await b.close();
        }
      }),
      propertyParameters(60),
    );
  });
});
