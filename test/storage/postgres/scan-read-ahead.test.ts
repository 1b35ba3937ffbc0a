/**
 * A keyspace scan on the PostgreSQL store from its second page on has the reader's worker read
 * the next page while the scan works on this one (src/storage/postgres/read-worker.ts `page`,
 * postgres-keyspace.ts `scanChunks`). The rows are the statement's either way: every document
 * once, in key order; a page read ahead for a scan that stopped is never handed to another read.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: a scan reads its next page ahead', () => {
  it('every document once in key order over many pages; a scan that stopped leaves nothing a later read takes', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      await db.createKeyspace('b');
      const keys = Array.from({ length: 1300 }, (_, i) => `k${String(i).padStart(5, '0')}`);
      await db.load('b', keys.map((_, i) => ({ n: i })), { key: (v) => keys[(v as { n: number }).n]! });
      expect((await db.query('SELECT RAW META().id FROM b')).results).toEqual(keys);
      expect((await db.query('SELECT COUNT(*) AS c, SUM(n) AS s FROM b')).results).toEqual([{ c: 1300, s: (1299 * 1300) / 2 }]);
      // Stopped in its third page (the fourth read ahead), then the documents change: the next
      // scans see the changes.
      expect((await db.query('SELECT RAW n FROM b LIMIT 600')).results).toHaveLength(600);
      await db.query("UPDATE b SET n = -1 WHERE META().id >= 'k00700' AND META().id < 'k00800'");
      await db.query("DELETE FROM b WHERE META().id >= 'k01000'");
      expect((await db.query('SELECT COUNT(*) AS c, MIN(n) AS m FROM b')).results).toEqual([{ c: 1000, m: -1 }]);
      expect((await db.query('SELECT RAW META().id FROM b WHERE n = -1')).results).toEqual(keys.slice(700, 800));
    } finally {
      await db.close();
    }
  });
});
