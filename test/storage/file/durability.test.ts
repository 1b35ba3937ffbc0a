import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { tempDir } from './helpers.js';

let cleanup: () => void = () => {};
afterEach(() => cleanup());

describe('durability', () => {
  for (const durability of ['fsync', 'batch'] as const) {
    it(`acknowledged writes survive a reopen (${durability})`, async () => {
      const t = tempDir();
      cleanup = t.cleanup;
      const db = await Database.open({ path: t.dir, durability });
      // Concurrent writes share syncs (group commit); each resolves once acknowledged.
      const metas = await Promise.all(Array.from({ length: 300 }, (_, i) => db.upsert('b', `k${i % 100}`, { i })));
      expect(new Set(metas.map((m) => m.cas)).size).toBe(300);
      await db.insert('b', 'ins', { x: 1 });
      await db.replace('b', 'ins', { x: 2 }, { cas: db.get('b', 'ins')!.meta.cas });
      expect(await db.remove('b', 'k0')).toBe(true);
      const before = [...db.scan('b')].map((d) => [d.key, d.value, d.meta]);
      await db.close();
      const again = await Database.open({ path: t.dir, durability });
      expect([...again.scan('b')].map((d) => [d.key, d.value, d.meta])).toEqual(before);
      expect(again.get('b', 'k5')!.value).toEqual({ i: 205 });
      // cas and seqno keep growing after a restart.
      const m = await again.upsert('b', 'k1', { i: -1 });
      expect(m.seqno).toBeGreaterThan(Math.max(...before.map((b) => (b[2] as { seqno: number }).seqno)));
      await again.close();
    });
  }

  it('keeps the in-memory semantics of the store (errors, cas, scan order)', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const db = await Database.open({ path: t.dir });
    await db.insert('b', 'b', 1);
    await db.insert('b', 'a', 2);
    await expect(db.insert('b', 'a', 3)).rejects.toMatchObject({ reason: 'KEY_EXISTS' });
    await expect(db.replace('b', 'zz', 3)).rejects.toMatchObject({ reason: 'KEY_NOT_FOUND' });
    await expect(db.replace('b', 'a', 3, { cas: 1 })).rejects.toMatchObject({ reason: 'CAS_MISMATCH' });
    expect(await db.remove('b', 'nope')).toBe(false);
    expect([...db.scan('b')].map((d) => d.key)).toEqual(['a', 'b']);
    await db.close();
  });
});
