/**
 * ORDER BY … LIMIT over a whole keyspace: the Order's top-k over the keyspace's documents
 * (executor/scan-top-k.ts), which reads sort values straight from the documents and projects
 * only the rows it keeps. Expected rows are the reference's answers (n1ql-reference, keyspace
 * `ks` loaded from the documents below with key template `%k%`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';
import { MemoryStore } from '../../../src/storage/memory-store.js';
import { scanTopK } from '../../../src/executor/scan-top-k.js';
import { documentReader, inertExpr } from '../../../src/executor/path-readers.js';
import { parseExpression } from '../../../src/syntax/index.js';
import type { RunContext } from '../../../src/executor/runtime.js';
import type { SortDirection } from '../../../src/executor/sort-keys.js';
import type { Scope } from '../../../src/eval/index.js';
import { QueryError } from '../../../src/errors/index.js';
import { longestStall } from '../../support/longest-stall.js';
import { abortAfter, rejection } from '../../support/abort-after.js';

/** Mixed types, MISSING (d03), NULL (d02), ties ("Zeta" three times), keys written out of key order. */
const DOCS: Record<string, Value> = {
  d07: { k: 'd07', name: ['a'], n: 0 },
  d01: { k: 'd01', name: 'Zeta', n: 3 },
  d12: { k: 'd12', name: 'apple', n: 6 },
  d02: { k: 'd02', name: null, n: 1 },
  d11: { k: 'd11', name: 'Zeta', n: 9 },
  d03: { k: 'd03', n: 2 },
  d09: { k: 'd09', name: 'Zeta', n: 3 },
  d04: { k: 'd04', name: 'zeta', n: 5 },
  d10: { k: 'd10', name: true, n: 8 },
  d05: { k: 'd05', name: 10, n: 4 },
  d08: { k: 'd08', name: { x: 1 }, n: 7 },
  d06: { k: 'd06', name: 'Éclair', n: 4 },
};

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  for (const [key, value] of Object.entries(DOCS)) await db.insert('ks', key, value);
});
afterAll(async () => {
  await db.close();
});

describe('ORDER BY … LIMIT over a keyspace (the reference’s rows)', () => {
  it.each([
    ['SELECT RAW META().id FROM ks ORDER BY name DESC, META().id LIMIT 5', ['d08', 'd07', 'd06', 'd04', 'd12']],
    ['SELECT RAW META().id FROM ks ORDER BY name DESC, META().id LIMIT 4 OFFSET 3', ['d04', 'd12', 'd01', 'd09']],
    // Ties ("Zeta") in document key order, MISSING before NULL.
    ['SELECT RAW META().id FROM ks ORDER BY name LIMIT 6', ['d03', 'd02', 'd10', 'd05', 'd01', 'd09']],
    ['SELECT RAW META().id FROM ks ORDER BY name NULLS LAST, n DESC LIMIT 5 OFFSET 1', ['d05', 'd11', 'd01', 'd09', 'd12']],
    ['SELECT ks.k, ks.n FROM ks ORDER BY n DESC, META().id LIMIT 3', [{ k: 'd11', n: 9 }, { k: 'd10', n: 8 }, { k: 'd08', n: 7 }]],
  ] as [string, Value[]][])('%s', async (statement, expected) => {
    expect((await db.query(statement)).results).toEqual(expected);
  });

  it('LIMIT and OFFSET given by parameters', async () => {
    const statement = 'SELECT RAW META().id FROM ks ORDER BY name DESC NULLS FIRST, META().id DESC LIMIT $lim OFFSET $off';
    expect((await db.query(statement, { params: { lim: 4, off: 1 } })).results).toEqual(['d03', 'd08', 'd07', 'd06']);
  });

  it('counts the documents it reads for QueryOptions.progress, as the scan would', async () => {
    const progress = { scanned: 0 };
    const statement = 'SELECT RAW META().id FROM ks ORDER BY n DESC LIMIT 2';
    expect((await db.query(statement, { progress })).results).toEqual(['d11', 'd10']);
    expect(progress).toEqual({ scanned: 12 });
  });

  it('gives the rows of the plain path (profiling runs every operator)', async () => {
    for (const statement of [
      'SELECT * FROM ks ORDER BY n DESC, name LIMIT 4 OFFSET 2',
      'SELECT RAW name FROM ks ORDER BY n, META().id DESC LIMIT 5',
      'SELECT META(k).id FROM ks AS k ORDER BY k.name DESC LIMIT 3',
    ]) {
      const plain = (await db.query(statement, { profile: 'timings' })).results;
      expect((await db.query(statement)).results, statement).toEqual(plain);
    }
  });
});

const ASC: SortDirection = { desc: false, nullsFirst: true };
const DESC: SortDirection = { desc: true, nullsFirst: false };
/** A RunContext whose slice of work is always used up: the walk pauses at every look at the clock. */
const rc = { clock: { since: -1e9 } } as unknown as RunContext;
const scope: Scope = { names: new Set(['ks']), defaultAlias: 'ks', keyspaceAliases: ['ks'] };
const reader = (text: string) => documentReader(parseExpression(text), scope, 'ks')!;

/** Runs the walk to its end; `onPause` runs at each pause. */
function drain(g: Generator<unknown, ReturnType<typeof scanTopK> extends Generator<unknown, infer R> ? R : never>, onPause: () => void = () => {}) {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
    onPause();
  }
}

describe('scanTopK', () => {
  async function keyspace(n: number) {
    const store = new MemoryStore();
    const ks = await store.createKeyspace('ks');
    // Written in reverse key order: the walk's order is not the scan's.
    for (let i = n - 1; i >= 0; i--) await ks.insert(`k${String(i).padStart(5, '0')}`, { v: i % 7, s: `s${i % 3}` });
    return ks;
  }

  it('keeps the first k by the terms, ties by document key', async () => {
    const ks = await keyspace(3000);
    const top = drain(scanTopK(ks, [reader('v'), reader('s')], [DESC, ASC], 4, rc))!;
    expect(top.map((t) => [t.key, ...t.values])).toEqual([
      ['k00006', 6, 's0'],
      ['k00027', 6, 's0'],
      ['k00048', 6, 's0'],
      ['k00069', 6, 's0'],
    ]);
  });

  it('gives up when a kept document changes during a pause (the rows then run as they come)', async () => {
    const ks = await keyspace(3000);
    let changed = false;
    // By key, descending: the first kept documents are the first written, read before the first pause.
    const top = drain(scanTopK(ks, [reader('META().id')], [DESC], 2, rc), () => {
      if (!changed) void ks.upsert('k02999', { v: 6, s: 'new' });
      changed = true;
    });
    expect(changed).toBe(true);
    expect(top).toBeUndefined();
  });

  it('reads a document written during a pause at a slot not yet read, as the scan does', async () => {
    const ks = await keyspace(3000);
    let changed = false;
    const top = drain(scanTopK(ks, [reader('v')], [DESC], 1, rc), () => {
      if (!changed) void ks.upsert('k00000', { v: 100 });
      changed = true;
    });
    expect(top!.map((t) => [t.key, ...t.values])).toEqual([['k00000', 100]]);
  });
});

describe('path readers', () => {
  it.each([
    ['name', { name: 'x' }, 'x'],
    ['name', { other: 1 }, undefined],
    ['ks.a.b', { a: { b: [1] } }, [1]],
    ['a.b', { a: 'not an object' }, undefined],
    ['toString', {}, undefined],
    ['META().id', {}, 'key1'],
    ['META(ks).id', {}, 'key1'],
    ['ks', 7, 7],
    ['SELF', null, null],
  ] as [string, Value, Value][])('%s of %j', (text, doc, expected) => {
    expect(reader(text)(doc, 'key1')).toEqual(expected);
  });

  it.each(['META().cas', 'META(other).id', 'LOWER(name)', 'a[0]', '`name`i', 'a[].b', 'x.y'])('%s is not a document path here', (text) => {
    const withVar: Scope = { names: new Set(['x']), parent: scope, defaultAlias: 'ks', keyspaceAliases: ['ks'] };
    expect(documentReader(parseExpression(text), withVar, 'ks')).toBeUndefined();
  });

  it.each([
    ['name', true],
    ['META().id', true],
    ['META(ks).cas', true],
    ['META().xattrs', false],
    ['LOWER(name)', false],
    ['a + 1', false],
    ['(SELECT 1)', false],
  ] as [string, boolean][])('%s cannot fail or warn: %s', (text, inert) => {
    expect(inertExpr(parseExpression(text))).toBe(inert);
  });
});

describe('a keyspace top-k over 200k documents pauses and stops as the scan does', () => {
  const N = 200_000;
  const statement = 'SELECT RAW META().id FROM big ORDER BY v DESC, META().id LIMIT 3';
  let big: Database;
  beforeAll(async () => {
    big = await Database.open();
    function* docs() {
      for (let i = 0; i < N; i++) yield { id: i, v: (i * 7919) % N };
    }
    await big.load('big', docs(), { key: 'k%id%' });
  }, 120_000);
  afterAll(async () => {
    await big?.close();
  });

  it('lets a timer run within 50 ms and gives the first rows', async () => {
    const { stall, result } = await longestStall(big.query(statement));
    expect(result.status).toBe('fulfilled');
    // i·7919 mod N is a permutation of 0…N-1: v = N-1, N-2, N-3 at i = (N-d)·7919⁻¹ mod N.
    expect((result as PromiseFulfilledResult<{ results: Value[] }>).value.results).toEqual(['k182321', 'k164642', 'k146963']);
    expect(stall).toBeLessThan(50);
  }, 60_000);

  it("stops within 100 ms of its signal's abort with 1080", async () => {
    const { result, settledAfterAbort } = await abortAfter((signal) => big.query(statement, { signal }), 0);
    expect(result.status).toBe('rejected');
    const err = rejection(result) as QueryError;
    expect(err).toBeInstanceOf(QueryError);
    expect(err.code).toBe(1080);
    expect(settledAfterAbort).toBeLessThan(100);
  }, 60_000);
});
