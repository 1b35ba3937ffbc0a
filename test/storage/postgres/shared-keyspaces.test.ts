/**
 * Keyspace identity across two query nodes on one PostgreSQL database: a keyspace dropped and
 * created again by node B is another keyspace (another id). Node A, which had the old one open,
 * never writes into the old id: its write in flight fails (the old keyspace is gone), and its
 * next statements use the new keyspace.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: a keyspace dropped and re-created by another node', () => {
  it('is not written under its old id by a node that had it open', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const dbName = url.split('/').pop()!;
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    const c = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      await a.query('CREATE INDEX ix_v ON k(v)');
      await a.query("INSERT INTO k (KEY, VALUE) VALUES ('old', {'v': 1})");
      expect((await c.query('SELECT RAW META().id FROM k')).results).toEqual(['old']);
      await b.dropBucket('k');
      await b.createKeyspace('k');
      await b.query("INSERT INTO k (KEY, VALUE) VALUES ('new', {'v': 2})");
      // A node that lists the keyspaces learns that k is another keyspace now.
      expect(c.keyspaces()).toEqual(['k']);
      expect((await c.query('SELECT RAW META().id FROM k')).results).toEqual(['new']);
      // A's first write goes to the keyspace it had open, which is gone: it fails (12009), and A
      // forgets it; the next statement opens the keyspace now named k.
      await expect(a.query("UPSERT INTO k (KEY, VALUE) VALUES ('x', {'v': 3})")).rejects.toMatchObject({ code: 12009 });
      await a.query("UPSERT INTO k (KEY, VALUE) VALUES ('y', {'v': 4})");
      expect((await b.query('SELECT RAW META().id FROM k ORDER BY META().id')).results).toEqual(['new', 'y']);
      expect((await a.query('SELECT RAW META().id FROM k ORDER BY META().id')).results).toEqual(['new', 'y']);
      // The old index went with the old keyspace, on both nodes.
      expect((await a.query("SELECT RAW name FROM system:indexes WHERE keyspace_id = 'k'")).results).toEqual([]);
      // No document row belongs to a keyspace that no longer exists.
      expect(pg.cluster.sql('SELECT count(*) FROM tokenql_documents WHERE keyspace_id NOT IN (SELECT id FROM tokenql_keyspaces)', dbName).trim()).toBe('0');
    } finally {
      await a.close();
      await b.close();
      await c.close();
    }
  });

  it('writes in flight when another node drops the keyspace either commit before the drop or fail', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const dbName = url.split('/').pop()!;
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      const writes = Array.from({ length: 200 }, (_, i) => a.upsert('k', `d${i}`, { i }).then(() => 'ok', () => 'failed'));
      await b.dropBucket('k');
      const outcomes = await Promise.all(writes);
      expect(outcomes.every((o) => o === 'ok' || o === 'failed')).toBe(true);
      expect(pg.cluster.sql('SELECT count(*) FROM tokenql_documents WHERE keyspace_id NOT IN (SELECT id FROM tokenql_keyspaces)', dbName).trim()).toBe('0');
      expect(b.keyspaces()).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
