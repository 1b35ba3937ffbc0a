/**
 * `Database.load` on the PostgreSQL store (src/database/postgres-load.ts) and the group commit's
 * path for new keys (src/storage/postgres/group-commit.ts, copy-rows.ts): batches of inserts and
 * upserts are planned without reading rows and copied in; a batch that meets a key with a row
 * (live, tombstone, or a duplicate in insert mode) is run again the general way. The load reports
 * its failures in input order, as on the other stores. Expected values are literal.
 */
import { describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';
import { PostgresStore } from '../../../src/storage/postgres/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

function* docs(n: number, from = 0): Generator<Value> {
  for (let i = from; i < from + n; i++) yield { id: i, v: i % 10, name: `doc ${i}`, tags: ['a', i % 2 === 0 ? 'even' : 'odd'] };
}
const byId = (d: Value) => `k${(d as { id: number }).id}`;

describe('PostgreSQL store: Database.load', () => {
  it('loads new documents in COPY batches; values, metadata and counts as written', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      const report = await db.load('t', docs(5000), { key: byId });
      expect(report).toEqual({ loaded: 5000, failures: [] });
      expect(db.count('t')).toBe(5000);
      expect(db.get('t', 'k4321')!.value).toEqual({ id: 4321, v: 1, name: 'doc 4321', tags: ['a', 'odd'] });
      expect(db.get('t', 'k4321')!.meta.expiration).toBe(0);
      expect((await db.query('SELECT RAW COUNT(*) FROM t WHERE v = 3')).results).toEqual([500]);
      // Sequence numbers: one per document, increasing in the order of the load.
      const s = (k: string) => db.get('t', k)!.meta.seqno;
      expect(s('k0')).toBeLessThan(s('k1'));
      expect(s('k4998')).toBeLessThan(s('k4999'));
      // JSON text with what needs care: escapes, non-ASCII, output forms of NaN and int64.
      const odd = { q: 'a"b\\c\td\ne', u: 'é中😀', big: 9007199254740993n, nan: NaN, arr: [1, undefined, 3] } as unknown as Value;
      expect(await db.load('t', [odd], { key: () => 'odd\tkey\\x' })).toEqual({ loaded: 1, failures: [] });
      expect(db.get('t', 'odd\tkey\\x')!.value).toEqual({ q: 'a"b\\c\td\ne', u: 'é中😀', big: 9007199254740992, nan: 'NaN', arr: [1, null, 3] });
      // Three UTF-8 bytes per character, past the COPY buffer's first size (it grows).
      const wide = Array.from({ length: 50 }, (_, i) => ({ i, s: '中'.repeat(2000 + i) }));
      expect(await db.load('w', wide, { key: (d: Value) => `w${(d as { i: number }).i}` })).toEqual({ loaded: 50, failures: [] });
      expect(db.get('w', 'w49')!.value).toEqual({ i: 49, s: '中'.repeat(2049) });
      expect(db.get('w', 'w0')!.value).toEqual({ i: 0, s: '中'.repeat(2000) });
    } finally {
      await db.close();
    }
  });

  it('insert mode: keys that exist fail alone, reported in input order; the batch is run again', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      await db.load('t', docs(3), { key: byId });
      const report = await db.load('t', docs(3000), { key: byId, mode: 'insert' });
      expect(report.loaded).toBe(2997);
      expect(report.failures).toEqual([
        { source: '<input>', line: undefined, message: 'Duplicate Key: k0' },
        { source: '<input>', line: undefined, message: 'Duplicate Key: k1' },
        { source: '<input>', line: undefined, message: 'Duplicate Key: k2' },
      ]);
      expect(db.count('t')).toBe(3000);
    } finally {
      await db.close();
    }
  });

  it('refuses a key PostgreSQL cannot hold and a document nested too deep, alone', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      let deep: Value = 1;
      for (let i = 0; i < 1001; i++) deep = [deep];
      const keys = ['a', 'b\u0000c', 'd', 'e'];
      const values: Value[] = [{ n: 1 }, { n: 2 }, { n: 3, deep }, { n: 4 }];
      const report = await db.load('t', values, { key: (_v: Value, i: number) => keys[i]! });
      expect(report.loaded).toBe(2);
      expect(report.failures.map((f) => f.message)).toEqual([
        'Document key "b\\u0000c" has a character PostgreSQL text cannot hold (NUL or a lone surrogate)',
        'Document d is nested deeper than 1000 levels',
      ]);
      expect((await db.query('SELECT RAW n FROM t ORDER BY n')).results).toEqual([1, 4]);
    } finally {
      await db.close();
    }
  });

  it('upserts over live documents and tombstones: replaced, and the indexes follow', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      await db.createKeyspace('t');
      await db.query('CREATE INDEX ix_v ON t(v)');
      await db.query('CREATE INDEX ix_tags ON t(DISTINCT ARRAY x FOR x IN tags END)');
      expect(await db.load('t', docs(3000), { key: byId })).toEqual({ loaded: 3000, failures: [] });
      await db.query("DELETE FROM t WHERE META().id IN ['k1', 'k2']");
      // Again with v + 100: every key has a row (live or tombstone).
      const again = (function* () {
        for (const d of docs(3000)) yield { ...(d as object), v: (d as { v: number }).v + 100 } as Value;
      })();
      expect(await db.load('t', again, { key: byId })).toEqual({ loaded: 3000, failures: [] });
      expect(db.count('t')).toBe(3000);
      expect(db.get('t', 'k1')!.value).toEqual({ id: 1, v: 101, name: 'doc 1', tags: ['a', 'odd'] });
      expect((await db.query('SELECT RAW COUNT(*) FROM t WHERE v = 3')).results).toEqual([0]);
      expect((await db.query('SELECT RAW COUNT(*) FROM t WHERE v = 103')).results).toEqual([300]);
      expect((await db.query("SELECT RAW COUNT(*) FROM t WHERE ANY x IN tags SATISFIES x = 'even' END")).results).toEqual([1500]);
      // New keys after existing ones: new documents with their index entries.
      expect(await db.load('t', docs(1000, 3000), { key: byId })).toEqual({ loaded: 1000, failures: [] });
      expect((await db.query('SELECT RAW COUNT(*) FROM t WHERE v = 3')).results).toEqual([100]);
      expect((await db.query('SELECT RAW META().id FROM t WHERE v = 3 ORDER BY META().id LIMIT 2')).results).toEqual(['k3003', 'k3013']);
    } finally {
      await db.close();
    }
  });

  it('group commit: a batch of new keys that meets a row is run again; listeners see the old value', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const store = await PostgresStore.open(createDatabase(pg.cluster));
    try {
      const ks = await store.createKeyspace('g');
      await ks.upsert('k5', 'old');
      await ks.upsert('k6', 'gone');
      await ks.remove('k6');
      const seen: [string, unknown, unknown][] = [];
      ks.onMutation((key, before, after) => key.length === 2 && seen.push([key, before?.value, after?.value]));
      const writes = Array.from({ length: 10 }, (_, i) => ks.upsert(`k${i}`, i));
      const dup = ks.insert('k5', 'dup');
      dup.catch(() => {}); // checked below
      await Promise.all(writes);
      await expect(dup).rejects.toMatchObject({ reason: 'KEY_EXISTS' });
      expect(seen.filter(([k]) => k === 'k5' || k === 'k6')).toEqual([
        ['k5', 'old', 5],
        ['k6', undefined, 6],
      ]);
      expect(ks.get('k5')!.value).toBe(5);
      expect(ks.get('k6')!.value).toBe(6);
      expect(ks.count()).toBe(10);
    } finally {
      await store.close();
    }
  });
});
