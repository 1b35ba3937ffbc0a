/**
 * A database on the PostgreSQL store reopened (by this process, or by a second query node opened
 * while the first is open): keyspaces, documents, indexes (re-created from their saved CREATE
 * INDEX statements, deferred ones built again if they had been built), users, functions and
 * sequences come back. Expected rows are literal (N1QL semantics as the reference gives them).
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: reopen', () => {
  it('keeps keyspaces, documents, indexes, users, functions and sequences', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    await db.createKeyspace('b');
    await db.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1, 'tag': 'x'}), ('b', {'n': 2, 'tag': 'y'}), ('c', {'n': 3, 'tag': 'x'})");
    await db.query('CREATE INDEX ix_n ON b(n)');
    await db.query('CREATE INDEX ix_tag ON b(tag) WITH {"defer_build": true}');
    await db.query('CREATE PRIMARY INDEX ON b');
    await db.query("CREATE USER alice PASSWORD 'secret1' WITH 'Alice'");
    await db.query('CREATE FUNCTION double(x) { x * 2 }');
    await db.query('CREATE SEQUENCE b._default.s');
    expect((await db.query('SELECT RAW NEXT VALUE FOR b._default.s')).results).toEqual([0]);
    await db.close();

    const again = await Database.open({ store: url });
    try {
      expect(again.keyspaces()).toEqual(['b']);
      expect((await again.query('SELECT RAW name FROM system:indexes ORDER BY name')).results).toEqual(['#primary', 'ix_n', 'ix_tag']);
      expect((await again.query("SELECT RAW state FROM system:indexes WHERE name = 'ix_tag'")).results).toEqual(['deferred']);
      const plan = JSON.stringify(await again.explain('SELECT META().id FROM b WHERE n > 1'));
      expect(plan).toContain('"index":"ix_n"');
      expect((await again.query('SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n')).results).toEqual(['b', 'c']);
      expect((await again.query('SELECT RAW double(n) FROM b ORDER BY n')).results).toEqual([2, 4, 6]);
      expect((await again.query("SELECT RAW name FROM system:user_info WHERE id = 'alice'")).results).toEqual(['Alice']);
      // The next block of the sequence: values are never handed out twice across a reopen.
      const next = (await again.query('SELECT RAW NEXT VALUE FOR b._default.s')).results[0] as number;
      expect(next).toBeGreaterThan(0);
      await again.query("DELETE FROM b WHERE META().id = 'a'");
      await again.query("UPDATE b SET n = 20 WHERE META().id = 'b'");
      expect((await again.query('SELECT RAW n FROM b WHERE n > 0 ORDER BY n')).results).toEqual([3, 20]);
    } finally {
      await again.close();
    }
  });

  it('two query nodes on one database: a keyspace and documents written by one are read by the other', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const one = await Database.open({ store: url });
    const two = await Database.open({ store: url });
    try {
      await one.createKeyspace('k');
      await one.query("INSERT INTO k (KEY, VALUE) VALUES ('x', {'v': 1})");
      expect(two.keyspaces()).toEqual(['k']);
      expect((await two.query("SELECT RAW v FROM k USE KEYS 'x'")).results).toEqual([1]);
      await two.query("UPSERT INTO k (KEY, VALUE) VALUES ('y', {'v': 2})");
      expect(one.count('k')).toBe(2);
      expect(one.get('k', 'y')!.value).toEqual({ v: 2 });
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('PostgreSQL store: lost connections', () => {
  it('are made again: a read and a write after their backends were terminated succeed', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.upsert('k', 'a', { v: 1 });
      pg.cluster.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'tokenql%' AND datname = current_database()", url.split('/').pop());
      expect(db.get('k', 'a')!.value).toEqual({ v: 1 });
      expect(db.count('k')).toBe(1);
      await db.upsert('k', 'b', { v: 2 }); // the write pool's connections were terminated too
      expect(db.count('k')).toBe(2);
    } finally {
      await db.close();
    }
  });
});
