/**
 * MERGE inside a transaction (issue 21): its writes are seen by the transaction's own
 * statements, not by other requests until COMMIT, and ROLLBACK undoes them; under `tximplicit`
 * a MERGE that fails (5320) leaves nothing.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

const MERGE = 'MERGE INTO t USING [{"k": 1}, {"k": 2}] AS s ON t.k = s.k WHEN MATCHED THEN UPDATE SET t.v = 10 WHEN NOT MATCHED THEN INSERT (KEY "n" || TO_STRING(s.k), VALUE {"k": s.k})';
const ROWS = 'SELECT META().id, v FROM t ORDER BY META().id';

describe('MERGE in a transaction', () => {
  it('is isolated until COMMIT and undone by ROLLBACK', async () => {
    const db = await Database.open();
    try {
      await db.createKeyspace('t');
      await db.upsert('t', 'a', { k: 1, v: 1 });
      const txid = ((await db.query('BEGIN WORK')).results[0] as { txid: string }).txid;
      expect((await db.query(MERGE, { txid })).metrics.mutationCount).toBe(2);
      expect((await db.query(ROWS, { txid })).results).toEqual([{ id: 'a', v: 10 }, { id: 'n2' }]);
      expect((await db.query(ROWS)).results).toEqual([{ id: 'a', v: 1 }]);
      await db.query('ROLLBACK', { txid });
      expect((await db.query(ROWS)).results).toEqual([{ id: 'a', v: 1 }]);
      expect((await db.query(MERGE, { tximplicit: true })).metrics.mutationCount).toBe(2);
      expect((await db.query(ROWS)).results).toEqual([{ id: 'a', v: 10 }, { id: 'n2' }]);
      const err = await db.query('MERGE INTO t USING [{"k": 1}, {"k": 1}] AS s ON t.k = s.k WHEN MATCHED THEN UPDATE SET t.v = 5', { tximplicit: true }).catch((e: { code: number }) => e.code);
      expect(err).toBe(5320);
      expect((await db.query(ROWS)).results).toEqual([{ id: 'a', v: 10 }, { id: 'n2' }]);
    } finally {
      await db.close();
    }
  });
});
