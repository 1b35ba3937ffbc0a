/**
 * A crash at any point of a compaction loses no acknowledged write (docs/storage.md "Compaction":
 * "A crash before the rename of CURRENT leaves the old file in use …; after it, the new file holds
 * everything that was acknowledged"; DESIGN §5). Found by a durability audit (B1): a write queued
 * behind another one (group commit) when the compaction took its snapshot was left out of the
 * snapshot, and so was the key's older, acknowledged version; if the queued write was still
 * waiting at the pause, a crash right after the switch lost the key.
 *
 * The interleaving is forced, not timed: the first write of the old data file is held until the
 * compaction pauses the writer, so the second write is still queued then. A crash is simulated by
 * copying the data directory as the files are (without closing anything) just before and just
 * after `CURRENT` is replaced, and opening the copies.
 */
import { cpSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore, type FileKeyspace } from '../../../src/storage/file/index.js';
import { recordingLogger, tempDir } from './helpers.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A copy of the data directory as the files are now (a crash image; the lock is left out). */
function crashImage(dir: string): string {
  const t = tempDir('tokenql-crash-image-');
  cleanups.push(t.cleanup);
  cpSync(dir, t.dir, { recursive: true, filter: (src) => !src.endsWith('/LOCK') });
  return t.dir;
}

/** The value of `key` in bucket `b` after opening `dir` (undefined if absent). */
async function valueAfterCrash(dir: string, key: string): Promise<unknown> {
  const logger = recordingLogger();
  const store = await FileStore.open(dir, { logger });
  try {
    expect(logger.errors).toEqual([]);
    return store.keyspace('b')?.get(key)?.value;
  } finally {
    await store.close();
  }
}

/** Holds the first write to `ks`'s data file until the compaction pauses the writer. */
function holdFirstWriteUntilPause(ks: FileKeyspace): void {
  const data = ks.data;
  const fh: FileHandle = data.fh;
  const write = fh.write.bind(fh) as (...a: unknown[]) => Promise<unknown>;
  let release!: () => void;
  const paused = new Promise<void>((r) => (release = r));
  let first = true;
  (fh as unknown as { write: unknown }).write = async (...args: unknown[]) => {
    if (first) {
      first = false;
      await paused;
    }
    return write(...args);
  };
  const pause = data.pause.bind(data);
  data.pause = () => {
    const p = pause();
    release();
    return p;
  };
}

describe('compaction and crashes (B1)', () => {
  for (const durability of ['fsync', 'batch'] as const) {
    it(`keeps an acknowledged version whose update was queued when the snapshot was taken (${durability})`, async () => {
      const t = tempDir();
      cleanups.push(t.cleanup);
      const first = await FileStore.open(t.dir, { durability });
      const b1 = await first.createKeyspace('b');
      await b1.upsert('A', { v: 1 });
      await b1.upsert('K', { v: 1 }); // acknowledged
      await first.close();

      const store = await FileStore.open(t.dir, { durability });
      try {
        const ks = store.keyspace('b')!;
        holdFirstWriteUntilPause(ks);
        const images: Record<string, string> = {};
        const changeManifest = ks.changeManifest.bind(ks);
        ks.changeManifest = async (change) => {
          images.beforeSwitch = crashImage(t.dir);
          await changeManifest(change);
          images.afterSwitch = crashImage(t.dir);
        };
        const a = ks.upsert('A', { v: 2 }); // its write is in flight (held)
        const k = ks.upsert('K', { v: 2 }); // queued behind it
        const r = await ks.compact();
        await Promise.all([a, k]);
        expect(r.cancelled).toBe(false);
        expect(Object.keys(images).sort()).toEqual(['afterSwitch', 'beforeSwitch']);
        images.afterAll = crashImage(t.dir);

        for (const [when, image] of Object.entries(images)) {
          expect([JSON.stringify({ v: 1 }), JSON.stringify({ v: 2 })], `K after a crash ${when}`).toContain(JSON.stringify(await valueAfterCrash(image, 'K')));
          expect([JSON.stringify({ v: 1 }), JSON.stringify({ v: 2 })], `A after a crash ${when}`).toContain(JSON.stringify(await valueAfterCrash(image, 'A')));
        }
        // Once both writes are acknowledged, a crash keeps them.
        expect(await valueAfterCrash(images.afterAll, 'K')).toEqual({ v: 2 });
        expect(await valueAfterCrash(images.afterAll, 'A')).toEqual({ v: 2 });
      } finally {
        await store.close();
      }
    });
  }
});
