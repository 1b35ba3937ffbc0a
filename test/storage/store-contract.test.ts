/**
 * The store contract (src/storage/store.ts) checked with the SAME assertions on the in-memory,
 * file and PostgreSQL stores: insert / upsert / replace / remove and their errors (KEY_EXISTS,
 * KEY_NOT_FOUND, CAS_MISMATCH), expiration (a fake clock), xattrs kept on tombstones, scan order
 * (code point order, unicode keys included), listener calls, and (durable stores) a reopen.
 * Expected values are the contract's (store.ts docstrings; the reference's data service keeps
 * system xattrs on tombstones, docs/xattrs.md), written out literally.
 * The PostgreSQL store runs on a private cluster (test/support/postgres.ts); without PostgreSQL
 * installed its block is skipped (outside CI).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore, StoreError, type KeyspaceStore, type Store, type StoredDocument } from '../../src/storage/index.js';
import { FileStore } from '../../src/storage/file/index.js';
import { PostgresStore } from '../../src/storage/postgres/index.js';
import { createDatabase, startTestPostgres, type TestPostgres } from '../support/postgres.js';

/** A store under test: `open` makes a fresh one; `reopen` (durable stores) opens it again after `close`. */
interface Factory {
  name: string;
  open(clock: () => number): Promise<{ store: Store; reopen?: () => Promise<Store>; cleanup(): void }>;
}

let pg: TestPostgres | undefined;
const tmp: string[] = [];

const factories: Factory[] = [
  { name: 'memory', open: async (clock) => ({ store: new MemoryStore(clock), cleanup: () => {} }) },
  {
    name: 'file',
    open: async (clock) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-contract-'));
      tmp.push(dir);
      return { store: await FileStore.open(dir, { clock, durability: 'batch' }), reopen: () => FileStore.open(dir, { clock }), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    open: async (clock) => {
      const url = createDatabase(pg!.cluster);
      return { store: await PostgresStore.open(url, { clock }), reopen: () => PostgresStore.open(url, { clock }), cleanup: () => {} };
    },
  },
];

beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);

afterAll(async () => {
  await pg?.stop();
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});

/** The reason of a rejected store write. */
async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'resolved';
  } catch (e) {
    return e instanceof StoreError ? e.reason : String(e);
  }
}

/** Records listener calls as [key, before value, after value] (null for absent). */
function recorder(ks: KeyspaceStore): [string, unknown, unknown][] {
  const calls: [string, unknown, unknown][] = [];
  ks.onMutation((key, before, after) => calls.push([key, before?.value ?? null, after?.value ?? null]));
  return calls;
}

const values = (docs: Iterable<StoredDocument>) => [...docs].map((d) => [d.key, d.value]);

describe.each(factories)('store contract: $name', (factory) => {
  const skip = () => factory.name === 'postgres' && !pg;
  let now = 1_800_000_000_000;
  const clock = () => now;

  it('insert, upsert, replace, remove and their errors; listeners after each write', async (ctx) => {
    if (skip()) return ctx.skip();
    const { store, cleanup } = await factory.open(clock);
    try {
      const ks = await store.createKeyspace('b');
      const calls = recorder(ks);
      const m1 = await ks.insert('k1', { a: 1, z: 0, b: [1, 'x'] });
      expect(m1.id).toBe('k1');
      expect(ks.get('k1')!.value).toEqual({ a: 1, z: 0, b: [1, 'x'] });
      expect(Object.keys(ks.get('k1')!.value as object)).toEqual(['a', 'z', 'b']); // field order kept
      expect(ks.get('k1')!.meta.cas).toBe(m1.cas);
      expect(await reason(ks.insert('k1', { a: 2 }))).toBe('KEY_EXISTS');
      expect(await reason(ks.replace('nope', { a: 2 }))).toBe('KEY_NOT_FOUND');
      expect(await reason(ks.replace('k1', { a: 2 }, { cas: m1.cas + 1 }))).toBe('CAS_MISMATCH');
      const m2 = await ks.replace('k1', { a: 2 }, { cas: m1.cas });
      expect(m2.cas).not.toBe(m1.cas);
      expect(m2.seqno).toBeGreaterThan(m1.seqno);
      await ks.upsert('k2', 'two');
      await ks.upsert('k2', 2.5);
      expect(await reason(ks.remove('k2', { cas: 1 }))).toBe('CAS_MISMATCH');
      expect(await ks.remove('k2')).toBe(true);
      expect(await ks.remove('k2')).toBe(false);
      expect(ks.get('k2')).toBeUndefined();
      expect(ks.peek('k2')).toBeUndefined();
      expect(await ks.insert('k2', null)).toMatchObject({ id: 'k2' }); // insert over a tombstone
      expect(ks.get('k2')!.value).toBe(null);
      expect(ks.count()).toBe(2);
      expect(await reason(ks.insert('', 1))).toBe('INVALID');
      expect(calls).toEqual([
        ['k1', null, { a: 1, z: 0, b: [1, 'x'] }],
        ['k1', { a: 1, z: 0, b: [1, 'x'] }, { a: 2 }],
        ['k2', null, 'two'],
        ['k2', 'two', 2.5],
        ['k2', 2.5, null],
        ['k2', null, null],
      ]);
      expect(store.keyspaceNames()).toEqual(['b']);
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('scans in code point order of the keys (unicode keys), in chunks', async (ctx) => {
    if (skip()) return ctx.skip();
    const { store, cleanup } = await factory.open(clock);
    try {
      const ks = await store.createKeyspace('u');
      for (const k of ['b', 'a', 'é', '😀', 'Z', 'ab', '\uffff', '中', 'a b']) await ks.upsert(k, k.length);
      const order = ['Z', 'a', 'a b', 'ab', 'b', 'é', '中', '\uffff', '😀'];
      expect([...ks.scan()].map((d) => d.key)).toEqual(order);
      const chunks = [...ks.scanChunks!(4)];
      expect(chunks.map((c) => c.length)).toEqual([4, 4, 1]);
      expect(chunks.flat().map((d) => d.key)).toEqual(order);
      expect([...ks.documents()].map((d) => d.key).sort()).toEqual([...order].sort());
      const cols = ks.documentColumns();
      expect(cols.length).toBe(9);
      // Keys and values with quotes, backslashes, braces, commas and control characters survive.
      const odd = ['q"u\\o{t,e}', 'c\u0001d', 'NULL', ' '];
      for (const k of odd) await ks.upsert(k, { k, s: 'x\u0001y"\\', n: null });
      for (const k of odd) expect(ks.get(k)!.value).toEqual({ k, s: 'x\u0001y"\\', n: null });
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('get returns the very document documents() and documentColumns() hand out while it is unchanged (index builds rely on it)', async (ctx) => {
    if (skip()) return ctx.skip();
    const { store, cleanup } = await factory.open(clock);
    try {
      const ks = await store.createKeyspace('i');
      for (let i = 0; i < 600; i++) await ks.upsert(`k${String(i).padStart(3, '0')}`, { i });
      let same = 0;
      let n = 0;
      for (const d of ks.documents()) {
        n++;
        if (n === 300) await ks.upsert(d.key, { i: -1 }); // the document in hand is written: a new version
        if (ks.get(d.key) === d) same++;
      }
      expect([n, same]).toEqual([600, 599]);
      const cols = ks.documentColumns();
      let equal = 0;
      for (let i = 0; i < cols.length; i++) if (ks.get(cols.keys[i]!)?.value === cols.values[i]) equal++;
      expect(equal).toBe(600);
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('expired documents are never returned; the listeners see the expiry', async (ctx) => {
    if (skip()) return ctx.skip();
    now = 1_800_000_000_000;
    const { store, cleanup } = await factory.open(clock);
    try {
      const ks = await store.createKeyspace('e');
      const calls = recorder(ks);
      const m = await ks.upsert('t', { v: 1 }, { expiration: 10 }); // relative: 10 s from now
      expect(m.expiration).toBe(1_800_000_010);
      await ks.upsert('p', { v: 2 });
      expect(ks.mayExpire?.()).toBe(true);
      now += 9_000;
      expect(ks.get('t')!.value).toEqual({ v: 1 });
      now += 1_000; // at the expiration second: gone
      expect(ks.peek('t')).toBeUndefined();
      expect([...(ks.expiredKeys?.() ?? ['t'])]).toEqual(['t']);
      expect(ks.count()).toBe(1);
      expect(values(ks.scan())).toEqual([['p', { v: 2 }]]);
      expect(ks.get('t')).toBeUndefined();
      expect(await ks.insert('t', { v: 3 })).toMatchObject({ expiration: 0 });
      expect(calls).toEqual([
        ['t', null, { v: 1 }],
        ['p', null, { v: 2 }],
        ['t', { v: 1 }, null],
        ['t', null, { v: 3 }],
      ]);
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('keeps the system xattrs on the tombstone; an upsert without xattrs keeps them', async (ctx) => {
    if (skip()) return ctx.skip();
    const { store, cleanup } = await factory.open(clock);
    try {
      const ks = await store.createKeyspace('x');
      await ks.upsert('d', { n: 1 }, { xattrs: { _sys: { a: 1 }, user: 'u' } });
      await ks.upsert('d', { n: 2 });
      expect(ks.get('d')!.meta.xattrs).toEqual({ _sys: { a: 1 }, user: 'u' });
      expect(ks.deletedXattrs?.('d')).toBeUndefined();
      await ks.remove('d');
      expect(ks.deletedXattrs?.('d')).toEqual({ _sys: { a: 1 } });
      await ks.upsert('d', { n: 3 }, { xattrs: {} });
      expect(ks.get('d')!.meta.xattrs).toBeUndefined();
      expect(ks.deletedXattrs?.('d')).toBeUndefined();
    } finally {
      await store.close();
      cleanup();
    }
  });

  it('a reopen finds the keyspaces, documents and metadata', async (ctx) => {
    if (skip()) return ctx.skip();
    const { store, reopen, cleanup } = await factory.open(clock);
    if (!reopen) {
      await store.close();
      return ctx.skip();
    }
    try {
      const ks = await store.createKeyspace('r');
      await store.createKeyspace('r2');
      const m = await ks.upsert('big', { n: 12345678901234, s: 'é😀', o: { b: 1, a: 2 } }, { xattrs: { _x: 1 } });
      await ks.upsert('gone', 1);
      await ks.remove('gone');
      await store.close();
      const again = await reopen();
      try {
        expect(again.keyspaceNames()).toEqual(['r', 'r2']);
        const d = again.keyspace('r')!.get('big')!;
        expect(d.value).toEqual({ n: 12345678901234, s: 'é😀', o: { b: 1, a: 2 } });
        expect(Object.keys((d.value as { o: object }).o)).toEqual(['b', 'a']);
        expect(d.meta).toEqual({ id: 'big', cas: m.cas, expiration: 0, seqno: m.seqno, xattrs: { _x: 1 } });
        expect(again.keyspace('r')!.get('gone')).toBeUndefined();
        expect(again.keyspace('r')!.count()).toBe(1);
        await again.dropKeyspace('r2');
        expect(again.keyspaceNames()).toEqual(['r']);
      } finally {
        await again.close();
      }
    } finally {
      cleanup();
    }
  });
});
