/**
 * MERGE and UPDATE over expired documents (issue 21, TTL): a document whose expiration has come
 * is gone, as on Couchbase Server — a lookup MERGE does not match it (its INSERT writes the key
 * anew), an ANSI MERGE does not join it, UPDATE and DELETE do not see it.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

describe('expired documents in DML', () => {
  it('are not matched, updated or deleted; their keys can be inserted again', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const db = await Database.open({ clock: () => clock.now });
    try {
      await db.createKeyspace('t');
      await db.query(`INSERT INTO t VALUES ('e1', {'k': 1}, {'expiration': 10}), VALUES ('e2', {'k': 2}, {'expiration': 10}), VALUES ('live', {'k': 3})`);
      clock.now += 11_000;
      expect((await db.query(`UPDATE t SET u = 1 WHERE k > 0 RETURNING RAW META().id`)).results).toEqual(['live']);
      expect((await db.query(`DELETE FROM t WHERE k = 2 RETURNING RAW META().id`)).results).toEqual([]);
      const r = await db.query(`MERGE INTO t USING [{'id': 'e1'}, {'id': 'live'}] s ON KEY s.id WHEN MATCHED THEN UPDATE SET t.m = 1 WHEN NOT MATCHED THEN INSERT {'k': 9} RETURNING META(t).id, t`);
      expect(r.results).toEqual([{ id: 'e1', t: { k: 9 } }, { id: 'live', t: { k: 3, u: 1, m: 1 } }]);
      const a = await db.query(`MERGE INTO t USING [{'k': 2}] s ON t.k = s.k WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT (KEY 'e2', VALUE {'k': 2}) RETURNING META(t).id`);
      expect(a.results).toEqual([{ id: 'e2' }]);
      expect((await db.query('SELECT META().id, META().expiration, t.* FROM t ORDER BY META().id')).results).toEqual([
        { id: 'e1', expiration: 0, k: 9 },
        { id: 'e2', expiration: 0, k: 2 },
        { id: 'live', expiration: 0, k: 3, u: 1, m: 1 },
      ]);
    } finally {
      await db.close();
    }
  });
});
