/**
 * MemoryKeyspace.expiredKeys: the keys of the stored documents whose expiration has passed, which
 * a covering index scan leaves out without reading every document (executor/covered-rows.ts).
 * Expirations are seconds from now (under 30 days), as in the store's WriteOptions.
 */
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../../src/storage/index.js';

describe('MemoryKeyspace.expiredKeys', () => {
  it('lists the documents whose time has come, until a read expires them', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const store = new MemoryStore(() => clock.now);
    const ks = await store.createKeyspace('ks');
    await ks.upsert('a', { v: 1 }, { expiration: 10 });
    await ks.upsert('b', { v: 2 }, { expiration: 100 });
    await ks.upsert('c', { v: 3 });
    await ks.upsert('d', { v: 4 }, { expiration: 10 });
    await ks.upsert('d', { v: 4 }); // rewritten without an expiration
    await ks.upsert('e', { v: 5 }, { expiration: 10 });
    await ks.remove('e');
    expect([...ks.expiredKeys!()]).toEqual([]);
    clock.now += 20_000;
    expect([...ks.expiredKeys!()]).toEqual(['a']);
    expect(ks.peek('a')).toBeUndefined();
    expect([...ks.expiredKeys!()]).toEqual(['a']);
    expect(ks.get('a')).toBeUndefined();
    expect([...ks.expiredKeys!()]).toEqual([]);
    clock.now += 100_000;
    expect([...ks.expiredKeys!()]).toEqual(['b']);
  });
});
