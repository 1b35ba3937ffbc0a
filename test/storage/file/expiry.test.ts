import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { manualClock, tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

const DAY = 86_400_000;

describe('tombstones, expiry and purge', () => {
  it('hides expired documents at once and turns them (and deletes) into tombstones with their time', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const clock = manualClock();
    const db = await Database.open({ path: t.dir, clock: clock.now });
    await db.createBucket('b');
    await db.query('CREATE PRIMARY INDEX ON b');
    await db.query('CREATE INDEX ix ON b(n)');
    await db.query('INSERT INTO b (KEY, VALUE, OPTIONS) VALUES ("e1", {"n": 1}, {"expiration": 60})');
    await db.upsert('b', 'e2', { n: 2 }, { expiration: 120 });
    await db.upsert('b', 'keep', { n: 3 });
    await db.upsert('b', 'gone', { n: 4 });
    expect((await db.query('SELECT META().expiration AS e FROM b USE KEYS "e1"')).results).toEqual([{ e: Math.floor(clock.now() / 1000) + 60 }]);
    await db.remove('b', 'gone');
    expect(db.bucketStats('b')).toMatchObject({ itemCount: 3, tombstones: 1 });
    clock.advance(61_000);
    // Reads hide e1 at once: get, scans, counts and index scans.
    expect(db.get('b', 'e1')).toBeUndefined();
    expect((await db.query('SELECT RAW META().id FROM b WHERE n > 0 ORDER BY META().id')).results).toEqual(['e2', 'keep']);
    expect(db.count('b')).toBe(2);
    expect(db.bucketStats('b')).toMatchObject({ itemCount: 2, tombstones: 2 });
    await db.close();
    // After a restart the expired document is still a tombstone (its expiration is its deletion time).
    clock.advance(60_000);
    const again = await Database.open({ path: t.dir, clock: clock.now });
    expect(again.bucketStats('b')).toMatchObject({ itemCount: 1, tombstones: 3 });
    expect((await again.query('SELECT RAW META().id FROM b WHERE n > 0')).results).toEqual(['keep']);
    await again.close();
  });

  it('purges exactly the tombstones older than the purge interval (fractional days)', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const clock = manualClock();
    const db = await Database.open({ path: t.dir, clock: clock.now });
    for (let i = 0; i < 10; i++) await db.upsert('b', `k${i}`, { i });
    await db.remove('b', 'k0'); // deleted at day 0
    await db.upsert('b', 'x', { i: 1 }, { expiration: 3600 }); // expires at 1 h
    clock.advance(DAY);
    await db.remove('b', 'k1'); // day 1
    clock.advance(DAY / 2);
    await db.remove('b', 'k2'); // day 1.5
    clock.advance(DAY / 2); // now: day 2
    expect(db.bucketStats('b').tombstones).toBe(4);
    // Interval 1.25 days: tombstones older than day 0.75 go (k0 and the expired x), k1 and k2 stay.
    const r = await db.compactBucket('b', { purgeIntervalDays: 1.25 });
    expect(r).toMatchObject({ cancelled: false, purgedTombstones: 2 });
    expect(db.bucketStats('b').tombstones).toBe(2);
    expect(db.bucketStats('b').data.fragmentedBytes).toBe(0);
    // The default interval is 3 days: nothing more goes now …
    expect((await db.compactBucket('b')).purgedTombstones).toBe(0);
    clock.advance(1.6 * DAY); // now day 3.6: k1 (deleted at day 1) is 2.6 days old
    expect((await db.compactBucket('b')).purgedTombstones).toBe(0);
    clock.advance(0.5 * DAY); // now day 4.1: k1 is 3.1 days old, k2 2.6 days
    expect((await db.compactBucket('b')).purgedTombstones).toBe(1);
    await db.close();
    const again = await Database.open({ path: t.dir, clock: clock.now });
    expect(again.bucketStats('b')).toMatchObject({ itemCount: 7, tombstones: 1 });
    await again.close();
  });
});
