import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

/** QueryOptions.progress: the scans add what they read to `scanned` as they go (the shell's live line reads it). */
describe('QueryOptions.progress', () => {
  it('counts the documents and index entries the scans read', async () => {
    const db = await Database.open();
    await db.createKeyspace('k');
    await db.query("INSERT INTO k (KEY TO_STRING(i), VALUE {'i': i}) SELECT i FROM ARRAY_RANGE(0, 500) AS i");
    const primary = { scanned: 0 };
    expect((await db.query('SELECT COUNT(*) AS n FROM k WHERE i >= 10', { progress: primary })).results).toEqual([{ n: 490 }]);
    expect(primary).toEqual({ scanned: 500 });
    await db.query('CREATE INDEX ix_i ON k(i)');
    const index = { scanned: 0 };
    expect((await db.query('SELECT RAW i FROM k WHERE i < 3 ORDER BY i', { progress: index })).results).toEqual([0, 1, 2]);
    expect(index).toEqual({ scanned: 3 });
    const none = { scanned: 0 };
    await db.query('SELECT 1', { progress: none });
    expect(none).toEqual({ scanned: 0 });
    await db.close();
  });
});
