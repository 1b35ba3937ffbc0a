/**
 * An index scan that a Fetch follows, on the PostgreSQL store (src/storage/postgres/
 * scan-documents.ts, pg-index-view.ts `withDocuments`): each page of entries is read joined with
 * its documents in one statement, and the scan's liveness check and the Fetch take the documents
 * from there. The rows are the statement's as on every store; the kept documents never outlive
 * the statement's synchronous run, nor a write of this node.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../../src/index.js';
import { AsyncReader } from '../../../src/storage/postgres/async-reader.js';
import { SyncReader } from '../../../src/storage/postgres/sync-reader.js';
import { ScanDocuments } from '../../../src/storage/postgres/scan-documents.js';
import type { DocRow } from '../../../src/storage/postgres/rows.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PostgreSQL store: an index scan reads its documents with its entries', () => {
  it('one statement for a point lookup and its Fetch; later writes, from this node or another, are seen', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const one = await Database.open({ store: url });
    const two = await Database.open({ store: url });
    try {
      await one.createKeyspace('b');
      await one.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1, 'v': 'x'}), ('b', {'n': 2, 'v': 'y'}), ('c', {'n': 2, 'v': 'z'})");
      await one.query('CREATE INDEX ix_n ON b(n)');
      const q = 'SELECT META().id, v FROM b WHERE n = 2 ORDER BY META().id';
      expect(JSON.stringify(await one.explain(q))).toMatch(/"IndexScan3".*"Fetch"/);
      // The page is read ahead on the pool (read-ahead.test.ts): one statement in all.
      const sync = vi.spyOn(SyncReader.prototype, 'query');
      const ahead = vi.spyOn(AsyncReader.prototype, 'query');
      expect((await one.query(q)).results).toEqual([
        { id: 'b', v: 'y' },
        { id: 'c', v: 'z' },
      ]);
      expect(sync.mock.calls.length + ahead.mock.calls.length).toBe(1);
      sync.mockRestore();
      ahead.mockRestore();
      // This node's write, then the other node's: each seen by the next statement.
      await one.query("UPDATE b SET v = 'w' WHERE META().id = 'b'");
      expect((await one.query(q)).results).toEqual([
        { id: 'b', v: 'w' },
        { id: 'c', v: 'z' },
      ]);
      await two.query("UPDATE b SET v = 'u' WHERE META().id = 'c'");
      await two.query("DELETE FROM b WHERE META().id = 'b'");
      expect((await one.query(q)).results).toEqual([{ id: 'c', v: 'u' }]);
      // A covering scan reads no documents; a document read by key after a scan is read again.
      expect((await one.query('SELECT RAW n FROM b WHERE n > 0 ORDER BY n')).results).toEqual([1, 2]);
      await two.query("UPDATE b SET v = 't' WHERE META().id = 'a'");
      expect((await one.query('SELECT RAW v FROM b USE KEYS "a"')).results).toEqual(['t']);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('ScanDocuments: the kept rows', () => {
  const row = (key: string): DocRow => ({ key, value: '{}', cas: 1, expiration: 0, seqno: 1, xattrs: null, deletedAt: null });

  it('are taken once; null records no live row; a write of this node or the next turn of the event loop drops them', async () => {
    const kept = new ScanDocuments();
    kept.put('a', row('a'), 5);
    kept.put('b', null, 5);
    expect(kept.take('a', 5)?.key).toBe('a');
    expect(kept.take('a', 5)).toBeUndefined();
    expect(kept.take('b', 5)).toBeNull();
    expect(kept.take('c', 5)).toBeUndefined();
    kept.put('a', row('a'), 5);
    expect(kept.take('a', 6)).toBeUndefined();
    kept.put('a', row('a'), 6);
    kept.clear();
    expect(kept.take('a', 6)).toBeUndefined();
    kept.put('a', row('a'), 6);
    await new Promise((resolve) => setImmediate(resolve));
    expect(kept.take('a', 6)).toBeUndefined();
  });
});
