/** The store kinds of the statement-level suites (test/support/store-kinds.ts). */
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/index.js';
import { openPopulatedTestDatabase, openTestDatabase, releaseStoreKind, reopenTestDatabase, testStore, testStoreKinds } from '../support/store-kinds.js';

describe('test store kinds', () => {
  const saved = process.env.TOKENQL_TEST_STORES;
  afterEach(() => {
    if (saved === undefined) delete process.env.TOKENQL_TEST_STORES;
    else process.env.TOKENQL_TEST_STORES = saved;
  });

  it('default to every available kind, memory and file first', () => {
    delete process.env.TOKENQL_TEST_STORES;
    expect(testStoreKinds().slice(0, 2)).toEqual(['memory', 'file']);
  });

  it('take TOKENQL_TEST_STORES, in run order, and refuse an unknown kind', () => {
    process.env.TOKENQL_TEST_STORES = 'file, memory';
    expect(testStoreKinds()).toEqual(['memory', 'file']);
    process.env.TOKENQL_TEST_STORES = 'memory,couchstore';
    expect(() => testStoreKinds()).toThrow(/unknown store kind "couchstore"/);
  });

  it("keep a file store's documents across a restart and remove its directory at the end", async () => {
    const store = await testStore('file');
    const dir = store.location.path!;
    let db = await store.open();
    await db.upsert('ks', 'k', { a: 1 });
    await db.close();
    db = await store.open();
    expect(db.get('ks', 'k')?.value).toEqual({ a: 1 });
    await store.dispose();
    expect(existsSync(dir)).toBe(false);
  });

  it('restart a durable test database, and not a memory one', async () => {
    let file = await openTestDatabase('file');
    await file.upsert('ks', 'k', { b: 2 });
    const restarted = await reopenTestDatabase(file);
    expect(restarted).not.toBe(file);
    expect(restarted.get('ks', 'k')?.value).toEqual({ b: 2 });
    file = restarted;
    await file.close();
    const memory = await openTestDatabase('memory');
    expect(await reopenTestDatabase(memory)).toBe(memory);
    await memory.close();
  });
  it('give fresh copies of a populated file store, populated once, as the store recovers it', async () => {
    let runs = 0;
    const populate = async (db: Database, restart: () => Promise<Database>) => {
      runs++;
      await db.upsert('ks', 'k', { n: 1 });
      const again = await restart();
      expect(again).not.toBe(db);
      expect(again.get('ks', 'k')?.value).toEqual({ n: 1 });
      return 'loaded';
    };
    const a = await openPopulatedTestDatabase('file', 'one document', populate);
    const b = await openPopulatedTestDatabase('file', 'one document', populate);
    expect([runs, a.value, b.value]).toEqual([1, 'loaded', 'loaded']);
    await a.db.upsert('ks', 'k', { n: 2 });
    expect(b.db.get('ks', 'k')?.value).toEqual({ n: 1 });
    await a.db.close();
    await b.db.close();
    await releaseStoreKind('file');
  });

  it('populate a memory database each time', async () => {
    let runs = 0;
    const populate = async (db: Database, restart: () => Promise<Database>) => {
      runs++;
      await db.upsert('ks', 'k', { n: 1 });
      expect(await restart()).toBe(db);
    };
    const a = await openPopulatedTestDatabase('memory', 'one document', populate);
    const b = await openPopulatedTestDatabase('memory', 'one document', populate);
    expect(runs).toBe(2);
    expect(b.db.get('ks', 'k')?.value).toEqual({ n: 1 });
    await a.db.close();
    await b.db.close();
  });
});
