/**
 * The PostgreSQL store under N1QL transactions (BEGIN WORK … COMMIT / ROLLBACK: the committed
 * writes go through the store's group commit with their reserved CAS; the index follows) and
 * compaction (tombstones older than the purge interval are deleted; younger ones kept).
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: transactions and compaction', () => {
  it('commits and rolls back N1QL transactions; the index sees the commit', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      await db.createKeyspace('t');
      await db.query("INSERT INTO t (KEY, VALUE) VALUES ('a', {'n': 1}), ('b', {'n': 2})");
      await db.query('CREATE INDEX ix ON t(n)');
      const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      await db.query("UPDATE t SET n = 10 WHERE META().id = 'a'", { txid });
      await db.query("DELETE FROM t WHERE META().id = 'b'", { txid });
      await db.query("INSERT INTO t (KEY, VALUE) VALUES ('c', {'n': 3})", { txid });
      expect((await db.query('SELECT RAW n FROM t WHERE n > 0 ORDER BY n')).results).toEqual([1, 2]); // not yet visible outside
      await db.query('COMMIT', { txid });
      expect((await db.query('SELECT RAW n FROM t WHERE n > 0 ORDER BY n')).results).toEqual([3, 10]);
      expect((await db.query('SELECT RAW META().id FROM t ORDER BY META().id')).results).toEqual(['a', 'c']);
      const tx2 = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      await db.query("DELETE FROM t WHERE META().id = 'a'", { txid: tx2 });
      await db.query('ROLLBACK', { txid: tx2 });
      expect((await db.query('SELECT RAW n FROM t WHERE n > 0 ORDER BY n')).results).toEqual([3, 10]);
    } finally {
      await db.close();
    }
  });

  it('compaction purges the tombstones older than the purge interval', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    let now = 1_800_000_000_000;
    const db = await Database.open({ store: createDatabase(pg.cluster), clock: () => now });
    try {
      await db.createBucket('c');
      await db.upsert('c', 'old', { v: 1 }, { xattrs: { _sys: 1 } });
      await db.upsert('c', 'young', { v: 2 });
      await db.upsert('c', 'live', { v: 3 });
      await db.remove('c', 'old');
      now += 2 * 86_400_000;
      await db.remove('c', 'young');
      expect(db.bucketStats('c')).toMatchObject({ itemCount: 1, tombstones: 2 });
      now += 1.5 * 86_400_000; // 'old' is 3.5 days old, 'young' 1.5
      const r = await db.compactBucket('c', { purgeIntervalDays: 3 });
      expect(r).toMatchObject({ cancelled: false, purgedTombstones: 1 });
      expect(db.bucketStats('c')).toMatchObject({ itemCount: 1, tombstones: 1 });
      expect((await db.query('SELECT RAW META().id FROM c')).results).toEqual(['live']);
    } finally {
      await db.close();
    }
  });
});

describe('PostgreSQL store: an index built while documents are written', () => {
  it('holds exactly the documents as they are after the writes', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      const N = 20_000;
      await db.load('b', Array.from({ length: N }, (_, i) => ({ id: i, n: i })), { key: '%id%' });
      const final = new Map<string, number>(Array.from({ length: N }, (_, i) => [String(i), i]));
      let built = false;
      const build = db.query('CREATE INDEX ix ON b(n)').finally(() => (built = true));
      const writes: Promise<unknown>[] = [];
      // Writes keep coming until the build is over, so that some commit while it reads the documents.
      for (let w = 0; w < 3000 && !built; w++) {
        const k = String((w * 7919) % N);
        if (w % 10 === 0) {
          writes.push(db.remove('b', k));
          final.delete(k);
        } else {
          writes.push(db.upsert('b', k, { id: Number(k), n: N + w }));
          final.set(k, N + w);
        }
        if (w % 20 === 0) await new Promise((r) => setTimeout(r, 1));
      }
      await Promise.all([build, ...writes]);
      const expected = [...final].sort((a, b) => a[1] - b[1]).map(([k]) => k);
      expect((await db.query('SELECT RAW META().id FROM b USE INDEX (ix) WHERE n >= 0 ORDER BY n')).results).toEqual(expected);
    } finally {
      await db.close();
    }
  }, 60_000);
});
