/**
 * The PostgreSQL store's batched join reads against a real PostgreSQL: an index view's point
 * lookups (`lookup`/`lookupMany`, src/storage/postgres/index-probe.ts: what the index nested-loop
 * join probes) and the keyspace's `getMany` (src/storage/postgres/get-many.ts: a lookup join's
 * batch). Expected postings are literal: N1QL collation makes 1, 1.0 and 1e0 one key, -0 and 0
 * one key, 1 and "1" two; the documents of a key come in code point order of their keys.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../../src/index.js';
import type { Value } from '../../../src/values/index.js';
import { PostgresStore } from '../../../src/storage/postgres/index.js';
import { encodeIndexKey } from '../../../src/storage/postgres/collation-key.js';
import { PROBE_PAGE, type Posting } from '../../../src/storage/postgres/index-probe.js';
import { SyncReader } from '../../../src/storage/postgres/sync-reader.js';
import type { StoredDocument } from '../../../src/storage/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Inserts index entries `[value, docKey]` of index `id` (key ASC, or DESC) straight into the entries table. */
function insertEntries(url: string, id: number, desc: boolean, entries: [Value, string][]): void {
  const rows = entries.map(([v, doc]) => `(${id}, '\\x${encodeIndexKey([v], [desc]).toString('hex')}'::bytea, '${doc.replace(/'/g, "''")}')`);
  for (let i = 0; i < rows.length; i += 2000) postgres()!.cluster.sql(`INSERT INTO tokenql_index_entries (index_id, key, doc_key) VALUES ${rows.slice(i, i + 2000).join(',')}`, url.split('/').pop());
}

/** The documents of each posting (undefined: none). */
const docsOf = (out: (Posting | undefined)[]): (string[] | undefined)[] => out.map((p) => (p === undefined ? undefined : [...p]));

describe('PostgreSQL store: index probes (lookup, lookupMany)', () => {
  it('finds each value by collation, its documents in key order, in one statement', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const store = await PostgresStore.open(url);
    try {
      const ks = await store.createKeyspace('b');
      insertEntries(url, 7, false, [
        [1, 'i1'],
        [1, 'i11'],
        ['1', 'i2'],
        [true, 'i3'],
        [0, 'i10'],
        [2, 'é'],
        [2, 'Z'],
        [2, 'a'],
        [2, '中'],
        [null, 'n1'],
      ]);
      const view = ks.indexView(7, [false]);
      const spy = vi.spyOn(SyncReader.prototype, 'query');
      const out: (Posting | undefined)[] = [];
      view.lookupMany([1, 1.0, '1', true, false, -0, 2, 3, 1e0, 'x'], 10, out, 2048);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(docsOf(out)).toEqual([['i1', 'i11'], ['i1', 'i11'], ['i2'], ['i3'], undefined, ['i10'], ['Z', 'a', 'é', '中'], undefined, ['i1', 'i11'], undefined]);
      expect(out.map((p) => p?.size)).toEqual([2, 2, 1, 1, undefined, 1, 4, undefined, 2, undefined]);
      expect([...view.lookup(2)!]).toEqual(['Z', 'a', 'é', '中']);
      expect(view.lookup(5)).toBeUndefined();
      // Another index's entries are not this one's.
      expect(ks.indexView(8, [false]).lookup(1)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('a DESC key finds the same postings', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const store = await PostgresStore.open(url);
    try {
      const ks = await store.createKeyspace('b');
      insertEntries(url, 9, true, [
        [1, 'b'],
        [1, 'a'],
        ['s', 'c'],
      ]);
      const out: (Posting | undefined)[] = [];
      ks.indexView(9, [true]).lookupMany(['s', 1, 2], 3, out, 2048);
      expect(docsOf(out)).toEqual([['c'], ['a', 'b'], undefined]);
    } finally {
      await store.close();
    }
  });

  it('reads postings past a page in more statements; a posting above the limit is given by its size alone', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const store = await PostgresStore.open(url);
    try {
      const ks = await store.createKeyspace('b');
      const big = Array.from({ length: 1500 }, (_, i) => `d${String(i).padStart(4, '0')}`);
      insertEntries(url, 3, false, [...big.map((d): [Value, string] => [0, d]), [1, 'x'], [1, 'y'], [-1, 'w']]);
      const view = ks.indexView(3, [false]);
      const spy = vi.spyOn(SyncReader.prototype, 'query');
      const out: (Posting | undefined)[] = [];
      view.lookupMany([1, 0, -1], 3, out, 2048);
      expect(spy.mock.calls.length).toBe(Math.ceil(1503 / PROBE_PAGE));
      expect(docsOf(out)).toEqual([['x', 'y'], big, ['w']]);
      // Limit 1000: the key of 1,500 documents is oversized (more than 1000; not iterable), the others whole.
      view.lookupMany([1, 0, -1], 3, out, 1000);
      expect(out[0] && [...out[0]]).toEqual(['x', 'y']);
      expect(out[1]!.size).toBeGreaterThan(1000);
      expect(() => [...out[1]!]).toThrow(/oversized/);
      expect(out[2] && [...out[2]]).toEqual(['w']);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL store: getMany', () => {
  it('reads a batch of keys in one statement: duplicates, missing, deleted, non-string and impossible keys; an expired document is expired', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const clock = { now: Date.UTC(2030, 0, 1) };
    const store = await PostgresStore.open(createDatabase(pg.cluster), { clock: () => clock.now });
    try {
      const ks = await store.createKeyspace('b');
      await ks.upsert('a', { n: 1 });
      await ks.upsert('b', { n: 2 });
      await ks.upsert('gone', { n: 3 });
      await ks.remove('gone');
      await ks.upsert('soon', { n: 4 }, { expiration: 10 });
      const removed: string[] = [];
      ks.onMutation((key, _before, after) => after === undefined && removed.push(key));
      clock.now += 20_000;
      const keys: unknown[] = ['b', 'a', 'missing', 'a', 7, 'gone', undefined, 'soon', 'nul\u0000', '\ud800', '', null];
      const docs: (StoredDocument | undefined)[] = [];
      const values: (Value | undefined)[] = [];
      const spy = vi.spyOn(SyncReader.prototype, 'query');
      ks.getMany(keys, keys.length, docs, values);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(docs.map((d) => d?.key)).toEqual(['b', 'a', undefined, 'a', undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
      expect(values).toEqual([{ n: 2 }, { n: 1 }, undefined, { n: 1 }, undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
      expect(docs[1]).toBe(docs[3]);
      // The expired document was expired (as `get` does): the listeners were told.
      expect(removed).toEqual(['soon']);
      // Without values: the documents only.
      const onlyDocs: (StoredDocument | undefined)[] = [];
      ks.getMany(['a'], 1, onlyDocs);
      expect(onlyDocs[0]?.value).toEqual({ n: 1 });
      expect(docs[0]?.meta.cas).toBe(ks.get('b')?.meta.cas);
    } finally {
      await store.close();
    }
  });
});

describe('PostgreSQL store: the index nested-loop join over batched probes', () => {
  it('counts every pair, a posting above the probe limit read by the inner operators; a few statements per batch of outer rows', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      // Inner: 2,100 documents of aid 0 (more than a probe reads), one for each aid 1..300.
      await db.load('a', Array.from({ length: 2400 }, (_, i) => ({ id: i, aid: i < 2100 ? 0 : i - 2099 })), { key: ((d: { id: number }) => `a${d.id}`) as never });
      // Outer: aid i % 350 (aid 0 twice, 1..300 twice each, 301..349 twice each with no match).
      await db.load('r', Array.from({ length: 700 }, (_, i) => ({ id: i, aid: i % 350 })), { key: ((d: { id: number }) => `r${d.id}`) as never });
      await db.query('CREATE INDEX ix_aid ON a(aid)');
      const q = 'SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid';
      expect(JSON.stringify(await db.explain(q))).toMatch(/"NestedLoopJoin".*"IndexScan3".*"ix_aid".*"Fetch"/);
      expect((await db.query(q)).results).toEqual([{ n: 2 * 2100 + 600 }]);
      expect((await db.query('SELECT COUNT(*) AS n, COUNT(a.id) AS m FROM r LEFT JOIN a ON r.aid = a.aid')).results).toEqual([{ n: 4800 + 98, m: 4800 }]);
      // Outer rows of aid 1..300 only: two statements per chunk of 256 outer rows (postings, documents), a few for the outer scan.
      const spy = vi.spyOn(SyncReader.prototype, 'query');
      expect((await db.query('SELECT SUM(a.id) AS s FROM r JOIN a ON r.aid = a.aid WHERE r.aid BETWEEN 1 AND 300')).results).toEqual([{ s: 2 * (300 * 2099 + (300 * 301) / 2) }]);
      expect(spy.mock.calls.length).toBeLessThan(20);
    } finally {
      await db.close();
    }
  }, 60_000);
});
