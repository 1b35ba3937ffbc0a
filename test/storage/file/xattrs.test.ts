/**
 * Extended attributes on the file store: kept across a restart and a compaction, and files
 * written before xattrs existed (five-element PUT records) still open.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { putRecord, readDataPayload, RecordType } from '../../../src/storage/file/record.js';
import { tempDir } from './helpers.js';

const quiet = { warn: () => {}, error: () => {} };

describe('xattrs on the file store', () => {
  it('survive a restart and a compaction; UPDATE keeps them', async () => {
    const { dir, cleanup } = tempDir();
    try {
      let db = await Database.open({ path: dir, logger: quiet });
      await db.createKeyspace('k');
      await db.query(`INSERT INTO k VALUES ('a', {"n": 1}, {"xattrs": {"tag": {"x": [1, 2]}}})`);
      await db.query(`UPDATE k USE KEYS 'a' SET n = 2, META().xattrs.more = true`);
      await db.close();
      db = await Database.open({ path: dir, logger: quiet });
      expect((await db.query('SELECT n, META().xattrs.tag, META().xattrs.more FROM k')).results).toEqual([{ n: 2, tag: { x: [1, 2] }, more: true }]);
      await db.compactBucket('k', { purgeIntervalDays: 0 });
      await db.close();
      db = await Database.open({ path: dir, logger: quiet });
      expect(db.get('k', 'a')?.meta.xattrs).toEqual({ tag: { x: [1, 2] }, more: true });
      await db.close();
    } finally {
      cleanup();
    }
  });

  it('keeps a tombstone\'s system xattrs across a restart', async () => {
    const { dir, cleanup } = tempDir();
    try {
      let db = await Database.open({ path: dir, logger: quiet });
      await db.upsert('k', 'gone', { n: 1 }, { xattrs: { _sync: { rev: 3 }, user: true } });
      await db.query("DELETE FROM k USE KEYS 'gone'");
      await db.close();
      db = await Database.open({ path: dir, logger: quiet });
      expect((await db.query("SELECT META().xattrs._sync, META().xattrs.`user` FROM k USE KEYS 'gone'")).results).toEqual([{ _sync: { rev: 3 } }]);
      await db.close();
    } finally {
      cleanup();
    }
  });

  it('reads PUT records with and without the xattrs element', () => {
    const old = putRecord('k', 1, 0, 1, { v: 1 });
    const withX = putRecord('k', 2, 0, 2, { v: 2 }, { a: 1 });
    expect(readDataPayload(RecordType.PUT, old.subarray(9))).toEqual({ type: 'put', key: 'k', cas: 1, expiration: 0, seqno: 1, value: { v: 1 } });
    expect(readDataPayload(RecordType.PUT, withX.subarray(9))).toEqual({ type: 'put', key: 'k', cas: 2, expiration: 0, seqno: 2, value: { v: 2 }, xattrs: { a: 1 } });
    expect('damage' in readDataPayload(RecordType.PUT, Buffer.from('["k",1,0,1,{},5]'))).toBe(true);
  });

  it('opens a data file whose records have no xattrs (written before they existed)', async () => {
    const { dir, cleanup } = tempDir();
    try {
      let db = await Database.open({ path: dir, logger: quiet });
      await db.createKeyspace('k');
      await db.close();
      const file = (await import('node:fs')).readdirSync(join(dir, 'b_k')).find((f) => f.startsWith('data'))!;
      appendFileSync(join(dir, 'b_k', file), putRecord('old', 1, 0, 1, { old: true }));
      db = await Database.open({ path: dir, logger: quiet });
      expect(db.get('k', 'old')?.value).toEqual({ old: true });
      expect(db.get('k', 'old')?.meta.xattrs).toBeUndefined();
      await db.close();
    } finally {
      cleanup();
    }
  });
});
