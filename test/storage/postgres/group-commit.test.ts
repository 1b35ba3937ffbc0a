/**
 * Group commit of the PostgreSQL store (src/storage/postgres/group-commit.ts): writes made
 * together share transactions; writes of one key are applied, acknowledged and told to the
 * listeners in the order they were made, even when they fall into different transactions; one
 * failing write (KEY_EXISTS) does not fail the others of its transaction.
 */
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../../src/storage/index.js';
import { PostgresStore } from '../../../src/storage/postgres/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: group commit', () => {
  it('commits 3000 concurrent writes in a few transactions', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const store = await PostgresStore.open(createDatabase(pg.cluster));
    try {
      const ks = await store.createKeyspace('g');
      const before = store.commits.transactions;
      await Promise.all(Array.from({ length: 3000 }, (_, i) => ks.upsert(`k${i}`, { i })));
      const used = store.commits.transactions - before;
      expect(used).toBeGreaterThanOrEqual(2); // at most 2048 writes per transaction
      expect(used).toBeLessThanOrEqual(4);
      expect(ks.count()).toBe(3000);
    } finally {
      await store.close();
    }
  });

  it('keeps the order of the writes of one key; a failing write fails alone', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const store = await PostgresStore.open(createDatabase(pg.cluster));
    try {
      const ks = await store.createKeyspace('o');
      const seen: unknown[] = [];
      ks.onMutation((key, _before, after) => key === 'same' && seen.push(after?.value ?? null));
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 3000; i++) {
        writes.push(ks.upsert(`other${i % 500}`, i)); // fills batches, so 'same' spans transactions
        if (i % 100 === 0) writes.push(ks.upsert('same', i));
      }
      const dup = ks.insert('same', 'dup');
      dup.catch(() => {}); // checked below
      writes.push(ks.remove('same'), ks.insert('same', 'last'));
      const metas = (await Promise.all(writes)) as unknown[];
      await expect(dup).rejects.toBeInstanceOf(StoreError);
      await expect(dup).rejects.toMatchObject({ reason: 'KEY_EXISTS' });
      expect(seen).toEqual([...Array.from({ length: 30 }, (_, j) => j * 100), null, 'last']);
      expect(ks.get('same')!.value).toBe('last');
      expect(ks.get('other7')!.value).toBe(2507);
      expect(metas.length).toBe(3032);
    } finally {
      await store.close();
    }
  });
});
