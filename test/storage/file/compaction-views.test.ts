/**
 * Concurrent compactions of one design document's index files (docs/storage.md "Compaction": a
 * second call joins the running one; a durability audit, B4): two `compactViews` calls (as two
 * CAPI `_spatial/_compact` requests, or the daemon and a request, make) wrote the same new index
 * file at once, leaving it damaged and the view statistics wrong. The new files a compaction
 * creates are counted through a spy on `createCompactionTarget`, which can also hold an index
 * compaction (so that another one surely meets it).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from '../../../src/index.js';
import { bucketPath, recordingLogger, tempDir } from './helpers.js';

const targets: string[] = [];
/** While set, creating the new file of an index compaction waits for it. */
let holdIndexTargets: Promise<void> | undefined;

vi.mock('../../../src/storage/file/out-file.js', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src/storage/file/out-file.js')>();
  return {
    ...m,
    createCompactionTarget: async (path: string, kind: 'data' | 'index') => {
      targets.push(path);
      if (kind === 'index') await holdIndexTargets;
      return m.createCompactionTarget(path, kind);
    },
  };
});

let cleanup: () => void = () => {};
afterEach(() => {
  targets.length = 0;
  holdIndexTargets = undefined;
  cleanup();
});

describe('concurrent view compactions (B4)', () => {
  it('joins a second compaction of the same design document instead of writing the same file twice', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir, durability: 'batch' });
    await db.createBucket('b');
    await db.query('CREATE INDEX ix ON b(name)');
    await Promise.all(Array.from({ length: 6000 }, (_, i) => db.upsert('b', `k${i % 2000}`, { name: `n${i}` })));
    // Writes go on during the compactions (a fixed number, so the index files get a tail).
    const writes = (async () => {
      for (let i = 0; i < 300; i++) await db.upsert('b', `k${i % 2000}`, { name: `m${i}` });
    })();
    const first = db.compactViews('b', '_design/ddl_ix');
    const second = db.compactViews('b', '_design/ddl_ix');
    const [r1, r2] = await Promise.all([first, second]);
    await writes;
    expect(r1).toMatchObject({ cancelled: false });
    expect(r2).toEqual(r1);
    expect(targets.filter((p) => p.includes('index-ix.'))).toHaveLength(1);

    const views = db.bucketStats('b').views;
    const expected = (await db.query('SELECT RAW META().id FROM b WHERE name >= "m" ORDER BY META().id')).results;
    await db.close(); // writes what is still queued: the file then has the size the statistics gave
    expect(statSync(join(bucketPath(t.dir, 'b'), 'index-ix.2.tql')).size).toBe(views['_design/ddl_ix'].fileBytes);

    const logger = recordingLogger();
    const again = await Database.open({ path: t.dir, logger });
    expect(logger.errors).toEqual([]);
    expect(logger.warnings).toEqual([]);
    expect(again.bucketStats('b').views).toEqual(views);
    expect((await again.query('SELECT RAW META().id FROM b WHERE name >= "m" ORDER BY META().id')).results).toEqual(expected);
    await again.close();
  });

  it('lets a bucket compaction that meets a running view compaction of an index file join it', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir, durability: 'batch' });
    await db.createBucket('b');
    await db.query('CREATE INDEX ix ON b(name)');
    await Promise.all(Array.from({ length: 3000 }, (_, i) => db.upsert('b', `k${i % 1000}`, { name: `n${i}` })));
    // The view compaction starts first and is held until the bucket compaction has compacted the
    // data file (its progress reaches 100): the bucket compaction then reaches the index file while
    // the view compaction of it runs.
    let release!: () => void;
    holdIndexTargets = new Promise<void>((r) => (release = r));
    const views = db.compactViews('b', '_design/ddl_ix');
    const bucket = db.compactBucket('b', { onProgress: (p) => p === 100 && release() });
    const [rv, rb] = await Promise.all([views, bucket]);
    expect(targets.filter((p) => p.includes('index-ix.'))).toHaveLength(1);
    expect(rv).toMatchObject({ cancelled: false });
    expect(rb).toMatchObject({ cancelled: false });
    const stats = db.bucketStats('b');
    await db.close();
    const manifest = JSON.parse(readFileSync(join(bucketPath(t.dir, 'b'), 'CURRENT'), 'utf8')) as { indexes: Record<string, string> };
    expect(statSync(join(bucketPath(t.dir, 'b'), manifest.indexes.ix)).size).toBe(stats.views['_design/ddl_ix'].fileBytes);
    const logger = recordingLogger();
    const again = await Database.open({ path: t.dir, logger });
    expect([...logger.errors, ...logger.warnings]).toEqual([]);
    expect(again.bucketStats('b')).toEqual(stats);
    await again.close();
  });
});
