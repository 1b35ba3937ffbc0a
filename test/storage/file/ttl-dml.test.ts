/**
 * TTL set by statements is durable on the file store (issue 21): `SET META().expiration`,
 * `INSERT … OPTIONS {"expiration"}` (VALUES and SELECT forms) and MERGE's INSERT OPTIONS are
 * written in the document's record, so after a restart `META().expiration` is the same, and a
 * document whose time has come is gone (as Couchbase expires it), before and after compaction.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { manualClock, tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const EXPIRATIONS = 'SELECT META(o).id, META(o).expiration FROM orders AS o ORDER BY META(o).id';

describe('TTL through DML on the file store', () => {
  it('keeps every expiration a statement set across a restart and a compaction, and expires on time', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const clock = manualClock(Date.UTC(2024, 0, 1));
    const now = Math.floor(clock.now() / 1000);
    const db = await Database.open({ path: t.dir, clock: clock.now });
    await db.createBucket('orders');
    await db.query(`INSERT INTO orders VALUES ('v1', {'a': 1}, {'expiration': 3000000000}), VALUES ('v2', {'a': 2})`);
    await db.query(`INSERT INTO orders (KEY id, VALUE doc, OPTIONS o) SELECT 'c1' AS id, {'a': 3} AS doc, {'expiration': 3100000000} AS o`);
    await db.query(`UPDATE orders USE KEYS 'v2' SET META().expiration = 3200000000`);
    await db.query(`MERGE INTO orders t USING [{'k': 'm1'}] s ON t.a = 99 WHEN NOT MATCHED THEN INSERT (KEY s.k, VALUE {'a': 4}, OPTIONS {'expiration': 60})`);
    const expected = [
      { id: 'c1', expiration: 3100000000 },
      { id: 'm1', expiration: now + 60 },
      { id: 'v1', expiration: 3000000000 },
      { id: 'v2', expiration: 3200000000 },
    ];
    expect((await db.query(EXPIRATIONS)).results).toEqual(expected);
    await db.close();

    const again = await Database.open({ path: t.dir, clock: clock.now });
    expect((await again.query(EXPIRATIONS)).results).toEqual(expected);
    await again.compactBucket('orders');
    expect((await again.query(EXPIRATIONS)).results).toEqual(expected);
    // m1's time comes: it is gone, now and after a restart.
    clock.advance(61_000);
    expect((await again.query(EXPIRATIONS)).results).toEqual(expected.filter((r) => r.id !== 'm1'));
    await again.close();
    const third = await Database.open({ path: t.dir, clock: clock.now });
    expect((await third.query(EXPIRATIONS)).results).toEqual(expected.filter((r) => r.id !== 'm1'));
    await third.close();
  });
});
