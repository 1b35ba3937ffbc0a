/**
 * Differential checks for planner regressions: the same documents in two in-memory databases,
 * one with the given secondary indexes and one without any (where every query is a primary /
 * sequential scan, the semantics an index must not change: DESIGN §7 "an index scan and a full
 * scan always agree"). A test states the expected rows itself, derived from the full-scan
 * semantics, and {@link ScanPair.expectRows} checks both databases against them.
 */
import { expect } from 'vitest';
import { Database, type OpenOptions, type Value } from '../../src/index.js';
import { canonical, sameRows } from '../support/compare.js';

export interface ScanPair {
  /** The database with the indexes. */
  indexed: Database;
  /** The database without secondary indexes. */
  plain: Database;
  /** Runs `f` on each database (the one without the indexes first), e.g. the same writes. */
  both(f: (db: Database) => Promise<unknown>): Promise<void>;
  /** Runs a statement on both databases and expects `expected` from each (in order when `ordered`). */
  expectRows(statement: string, expected: Value[], options?: { ordered?: boolean; params?: Record<string, Value> }): Promise<void>;
  close(): Promise<void>;
}

/** Opens the pair: keyspace `ks` with `docs` (key → value) in both, `indexes` (DDL) on one. */
export async function scanPair(docs: Record<string, Value>, indexes: string[], options?: OpenOptions): Promise<ScanPair> {
  const open = async (ddl: string[]) => {
    const db = await Database.open(options);
    await db.createKeyspace('ks');
    for (const [k, v] of Object.entries(docs)) await db.upsert('ks', k, v);
    for (const s of ddl) await db.query(s);
    return db;
  };
  const indexed = await open(indexes);
  const plain = await open([]);
  return {
    indexed,
    plain,
    async both(f) {
      await f(plain);
      await f(indexed);
    },
    async expectRows(statement, expected, { ordered = false, params } = {}) {
      for (const [name, db] of [['without the indexes', plain], ['with the indexes', indexed]] as const) {
        const rows = (await db.query(statement, { params })).results;
        const ok = sameRows(rows, expected, ordered);
        // The rows side by side first, for the message; then the verdict of sameRows itself.
        if (!ok) expect(rows.map(canonical), `${statement} (${name})`).toEqual(expected.map(canonical));
        expect(ok, `${statement} (${name})`).toBe(true);
      }
    },
    async close() {
      await indexed.close();
      await plain.close();
    },
  };
}
