/**
 * The first page of an index scan read ahead on the PostgreSQL store (src/storage/postgres/
 * async-reader.ts, pg-index-view.ts `prefetch`, executor/index-walk.ts): the request waits for
 * it on the event loop instead of blocking on the synchronous reader. The rows are the
 * statement's either way: a page this node's own write made stale, or one that failed, is read
 * again; a scan inside an expression (a synchronous drain) reads as before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../../src/index.js';
import { AsyncReader } from '../../../src/storage/postgres/async-reader.js';
import { SyncReader } from '../../../src/storage/postgres/sync-reader.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

afterEach(() => {
  vi.restoreAllMocks();
});

async function opened(url: string): Promise<Database> {
  const db = await Database.open({ store: url });
  await db.createKeyspace('b');
  await db.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1, 'v': 'x'}), ('b', {'n': 2, 'v': 'y'}), ('c', {'n': 2, 'v': 'z'})");
  await db.query('CREATE INDEX ix_n ON b(n)');
  return db;
}

const Q = 'SELECT META().id, v FROM b WHERE n = 2 ORDER BY META().id';

describe('PostgreSQL store: an index scan reads its first page ahead', () => {
  it('a point lookup and its Fetch: one statement on the pool, none on the synchronous reader', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await opened(createDatabase(pg.cluster));
    try {
      const ahead = vi.spyOn(AsyncReader.prototype, 'query');
      const sync = vi.spyOn(SyncReader.prototype, 'query');
      expect((await db.query(Q)).results).toEqual([
        { id: 'b', v: 'y' },
        { id: 'c', v: 'z' },
      ]);
      expect(ahead).toHaveBeenCalledTimes(1);
      expect(sync).not.toHaveBeenCalled();
    } finally {
      await db.close();
    }
  });

  it("a page this node's write made stale before the scan took it is read again", async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await opened(createDatabase(pg.cluster));
    try {
      const query = AsyncReader.prototype.query;
      vi.spyOn(AsyncReader.prototype, 'query').mockImplementationOnce(async function (this: AsyncReader, text, params) {
        const rows = await query.call(this, text, params);
        // Written (and committed) after the page was read, before the scan takes it.
        await db.upsert('b', 'b', { n: 2, v: 'late' });
        return rows;
      });
      const sync = vi.spyOn(SyncReader.prototype, 'query');
      expect((await db.query(Q)).results).toEqual([
        { id: 'b', v: 'late' },
        { id: 'c', v: 'z' },
      ]);
      expect(sync).toHaveBeenCalled();
    } finally {
      await db.close();
    }
  });

  it('a read ahead that fails is read by the scan; the statement succeeds', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await opened(createDatabase(pg.cluster));
    try {
      vi.spyOn(AsyncReader.prototype, 'query').mockRejectedValueOnce(new Error('connection lost'));
      expect((await db.query(Q)).results).toEqual([
        { id: 'b', v: 'y' },
        { id: 'c', v: 'z' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('a scan in an expression (a subquery drained synchronously) reads without waiting', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await opened(createDatabase(pg.cluster));
    try {
      const q = 'SELECT RAW [k, (SELECT RAW v FROM b WHERE n = 2 AND META().id = k)[0]] FROM ["b", "c", "d"] AS k';
      expect((await db.query(q)).results).toEqual([['b', 'y'], ['c', 'z'], ['d', null]]);
    } finally {
      await db.close();
    }
  });
});
