/**
 * Transactions on the file store (docs/transactions.md "Durability"): committed writes survive a
 * reopen with their indexes, rolled-back ones leave nothing, and a write of a key by another
 * request while COMMIT holds it waits for the commit and then fails on the changed CAS
 * instead of being lost or overwriting the transaction's write.
 */
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { tempDir } from '../../storage/file/helpers.js';

describe('transactions on the file store', () => {
  it('a committed transaction is there after a reopen, a rolled-back one is not', async () => {
    const t = tempDir('tokenql-tx-');
    try {
      const db = await Database.open({ path: t.dir });
      await db.createKeyspace('a');
      await db.createKeyspace('b');
      await db.query('CREATE INDEX ia ON a(n)');
      const begin = async () => ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      const t1 = await begin();
      await db.query("INSERT INTO a VALUES ('x', {'n': 1})", { txid: t1 });
      await db.query("INSERT INTO b VALUES ('y', {'n': 2})", { txid: t1 });
      await db.query('COMMIT', { txid: t1 });
      const t2 = await begin();
      await db.query("INSERT INTO a VALUES ('z', {'n': 3})", { txid: t2 });
      await db.query("DELETE FROM b USE KEYS 'y'", { txid: t2 });
      await db.query('ROLLBACK', { txid: t2 });
      await db.close();
      const again = await Database.open({ path: t.dir });
      expect((await again.query('SELECT RAW META().id FROM a WHERE n > 0')).results).toEqual(['x']);
      expect((await again.query("SELECT RAW n FROM b USE KEYS 'y'")).results).toEqual([2]);
      await again.close();
    } finally {
      t.cleanup();
    }
  });

  it('a write of a key the committing transaction holds waits, then fails on the changed CAS', async () => {
    const t = tempDir('tokenql-tx-');
    try {
      const db = await Database.open({ path: t.dir });
      await db.upsert('a', 'k', { n: 0 });
      const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      await db.query("UPDATE a SET n = 1 WHERE META().id = 'k'", { txid });
      const before = db.get('a', 'k')!.meta.cas;
      const commit = db.query('COMMIT', { txid });
      // Issued while COMMIT waits for its commit record: the key is held.
      // Without the hold it would find the CAS it asks for and be overwritten by the commit.
      const other = db.replace('a', 'k', { n: 2 }, { cas: before }).then(
        () => 'written',
        (e: unknown) => e,
      );
      await commit;
      expect(await other).toMatchObject({ reason: 'CAS_MISMATCH' });
      expect(db.get('a', 'k')!.value).toEqual({ n: 1 });
      const stale = db.query("UPDATE a SET n = 5 WHERE META().id = 'k'");
      await expect(stale).resolves.toMatchObject({ metrics: { mutationCount: 1 } });
      await db.close();
    } finally {
      t.cleanup();
    }
  });

  it('COMMIT after the keyspace was dropped: 17007, nothing written', async () => {
    const t = tempDir('tokenql-tx-');
    try {
      const db = await Database.open({ path: t.dir });
      await db.createKeyspace('a');
      const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      await db.query("INSERT INTO a VALUES ('k', {'n': 1})", { txid });
      await db.dropBucket('a');
      const e = await db.query('COMMIT', { txid }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(QueryError);
      expect((e as QueryError).code).toBe(17007);
      expect(db.keyspaces()).toEqual([]);
      await db.close();
    } finally {
      t.cleanup();
    }
  });

  it('a document written in a transaction keeps its extended attributes through COMMIT and a reopen', async () => {
    const t = tempDir('tokenql-tx-');
    try {
      let db = await Database.open({ path: t.dir });
      await db.createKeyspace('t');
      const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      await db.query(`INSERT INTO t (KEY, VALUE, OPTIONS) VALUES ('k', {'a': 1}, {"xattrs": {"u": {"x": 1}}})`, { txid });
      await db.query("UPDATE t SET a = 2 WHERE META().id = 'k'", { txid });
      const read = "SELECT META(t).xattrs.u AS u, a FROM t USE KEYS 'k'";
      expect((await db.query(read, { txid })).results).toEqual([{ u: { x: 1 }, a: 2 }]);
      expect((await db.query(read)).results).toEqual([]);
      await db.query('COMMIT', { txid });
      await db.close();
      db = await Database.open({ path: t.dir });
      expect((await db.query(read)).results).toEqual([{ u: { x: 1 }, a: 2 }]);
      await db.close();
    } finally {
      t.cleanup();
    }
  });
});
