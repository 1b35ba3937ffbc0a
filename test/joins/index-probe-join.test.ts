import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../src/index.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase } from '../support/store-kinds.js';

/**
 * The index nested-loop join's probe (src/executor/join-index-probe.ts): a NestedLoopJoin over
 * an IndexScan3 of one equality span and its Fetch looks each outer row's value up in the index.
 * Over keys of every type (1 and 1.0 and 1e0 and -0, "1", true/false, NULL, MISSING, an array,
 * an object, several matches, none) the rows are the reference's: each expected list is
 * n1ql-reference's answer on the same documents (no index there: its rows are the definition),
 * and each statement is checked with and without the index on the inner side, its plan a
 * NestedLoopJoin over an IndexScan3 with the index. The first suites run on every store kind
 * (on the PostgreSQL store the probe reads a chunk's postings and documents in one statement
 * each: the same rows).
 */
const OUTER: Record<string, Value>[] = [
  { id: 'o1', k: 1 },
  { id: 'o2', k: 1.0 },
  { id: 'o3', k: '1' },
  { id: 'o4', k: true },
  { id: 'o5', k: null },
  { id: 'o6' },
  { id: 'o7', k: [1] },
  { id: 'o8', k: { a: 1 } },
  { id: 'o9', k: 2 },
  { id: 'o10', k: 3 },
  { id: 'o11', k: 0 },
  { id: 'o12', k: false },
];
const INNER: Record<string, Value>[] = [
  { id: 'i1', k: 1 },
  { id: 'i2', k: '1' },
  { id: 'i3', k: true },
  { id: 'i4', k: null },
  { id: 'i5' },
  { id: 'i6', k: [1] },
  { id: 'i7', k: { a: 1 } },
  { id: 'i8', k: 2 },
  { id: 'i9', k: 2.0 },
  { id: 'i10', k: -0 },
  { id: 'i11', k: 1e0 },
];

/** The inner join's rows (the reference's answer). */
const JOINED = [
  { oid: 'o1', iid: 'i1' },
  { oid: 'o1', iid: 'i11' },
  { oid: 'o11', iid: 'i10' },
  { oid: 'o2', iid: 'i1' },
  { oid: 'o2', iid: 'i11' },
  { oid: 'o3', iid: 'i2' },
  { oid: 'o4', iid: 'i3' },
  { oid: 'o7', iid: 'i6' },
  { oid: 'o8', iid: 'i7' },
  { oid: 'o9', iid: 'i8' },
  { oid: 'o9', iid: 'i9' },
];

const CASES: [string, Value[]][] = [
  ['SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON o.k = i.k ORDER BY oid, iid', JOINED],
  [
    'SELECT o.id AS oid, i.id AS iid FROM o LEFT JOIN i ON o.k = i.k ORDER BY oid, iid',
    [
      { oid: 'o1', iid: 'i1' },
      { oid: 'o1', iid: 'i11' },
      { oid: 'o10' },
      { oid: 'o11', iid: 'i10' },
      { oid: 'o12' },
      { oid: 'o2', iid: 'i1' },
      { oid: 'o2', iid: 'i11' },
      { oid: 'o3', iid: 'i2' },
      { oid: 'o4', iid: 'i3' },
      { oid: 'o5' },
      { oid: 'o6' },
      { oid: 'o7', iid: 'i6' },
      { oid: 'o8', iid: 'i7' },
      { oid: 'o9', iid: 'i8' },
      { oid: 'o9', iid: 'i9' },
    ],
  ],
  [
    'SELECT o.id AS o, ARRAY_SORT(ARRAY x.id FOR x IN i END) AS ids FROM o NEST i ON o.k = i.k ORDER BY o.id',
    [
      { o: 'o1', ids: ['i1', 'i11'] },
      { o: 'o11', ids: ['i10'] },
      { o: 'o2', ids: ['i1', 'i11'] },
      { o: 'o3', ids: ['i2'] },
      { o: 'o4', ids: ['i3'] },
      { o: 'o7', ids: ['i6'] },
      { o: 'o8', ids: ['i7'] },
      { o: 'o9', ids: ['i8', 'i9'] },
    ],
  ],
  [
    'SELECT o.id AS o, ARRAY_SORT(ARRAY x.id FOR x IN i END) AS ids FROM o LEFT NEST i ON o.k = i.k ORDER BY o.id',
    [
      { o: 'o1', ids: ['i1', 'i11'] },
      { o: 'o10', ids: [] },
      { o: 'o11', ids: ['i10'] },
      { o: 'o12', ids: [] },
      { o: 'o2', ids: ['i1', 'i11'] },
      { o: 'o3', ids: ['i2'] },
      { o: 'o4', ids: ['i3'] },
      { o: 'o5', ids: [] },
      { o: 'o6', ids: [] },
      { o: 'o7', ids: ['i6'] },
      { o: 'o8', ids: ['i7'] },
      { o: 'o9', ids: ['i8', 'i9'] },
    ],
  ],
  // An ON clause with another predicate: the probe's matches are filtered by it.
  ['SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON o.k = i.k AND i.id != "i9" ORDER BY oid, iid', JOINED.filter((r) => r.iid !== 'i9')],
  [
    'SELECT o.id AS oid, i.id AS iid FROM o LEFT JOIN i ON o.k = i.k AND i.id != "i9" ORDER BY oid, iid',
    [
      { oid: 'o1', iid: 'i1' },
      { oid: 'o1', iid: 'i11' },
      { oid: 'o10' },
      { oid: 'o11', iid: 'i10' },
      { oid: 'o12' },
      { oid: 'o2', iid: 'i1' },
      { oid: 'o2', iid: 'i11' },
      { oid: 'o3', iid: 'i2' },
      { oid: 'o4', iid: 'i3' },
      { oid: 'o5' },
      { oid: 'o6' },
      { oid: 'o7', iid: 'i6' },
      { oid: 'o8', iid: 'i7' },
      { oid: 'o9', iid: 'i8' },
    ],
  ],
  // The probed value an expression of the outer row.
  [
    'SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON i.k = o.k + 1 ORDER BY oid, iid',
    [
      { oid: 'o1', iid: 'i8' },
      { oid: 'o1', iid: 'i9' },
      { oid: 'o11', iid: 'i1' },
      { oid: 'o11', iid: 'i11' },
      { oid: 'o2', iid: 'i8' },
      { oid: 'o2', iid: 'i9' },
    ],
  ],
  [
    'SELECT o.id AS oid, i.id AS iid, META(i).id AS mi FROM o JOIN i ON o.k = i.k WHERE o.id IN ["o9", "o11"] ORDER BY oid, iid',
    [
      { oid: 'o11', iid: 'i10', mi: 'i10' },
      { oid: 'o9', iid: 'i8', mi: 'i8' },
      { oid: 'o9', iid: 'i9', mi: 'i9' },
    ],
  ],
  // A span of one value made from two range predicates (no equality: MISSING and NULL bounds run the inner operators).
  ['SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON i.k >= o.k AND i.k <= o.k ORDER BY oid, iid', JOINED],
  ['SELECT o.id AS oid, i.id AS iid FROM o LEFT JOIN i ON i.k >= o.k AND i.k <= o.k WHERE o.id IN ["o5", "o6", "o7"] ORDER BY oid, iid', [{ oid: 'o5' }, { oid: 'o6' }, { oid: 'o7', iid: 'i6' }]],
  // An int64 literal in the bound (a bigint in the plan).
  ['SELECT COUNT(*) AS n FROM o JOIN i ON i.k = o.k + 9007199254740993', [{ n: 0 }]],
  [
    'SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON i.k = o.k - 9007199254740993 + 9007199254740993 ORDER BY oid, iid',
    [
      { oid: 'o1', iid: 'i1' },
      { oid: 'o1', iid: 'i11' },
      { oid: 'o11', iid: 'i10' },
      { oid: 'o2', iid: 'i1' },
      { oid: 'o2', iid: 'i11' },
      { oid: 'o9', iid: 'i8' },
      { oid: 'o9', iid: 'i9' },
    ],
  ],
  ['SELECT COUNT(*) AS n, COUNT(i.k) AS m FROM o JOIN i ON o.k = i.k', [{ n: 11, m: 11 }]],
  ['SELECT o.id AS o FROM o LEFT JOIN i ON o.k = i.k WHERE i.id IS MISSING ORDER BY o.id', [{ o: 'o10' }, { o: 'o12' }, { o: 'o5' }, { o: 'o6' }]],
];

describeStores('index nested-loop join probe', (kind) => {
  let plain: Database;
  let indexed: Database;
  beforeAll(async () => {
    plain = await openTestDatabase(kind);
    indexed = await openTestDatabase(kind);
    for (const db of [plain, indexed]) {
      await db.createKeyspace('o');
      await db.createKeyspace('i');
      await db.load('o', OUTER, { key: ((d: { id: string }) => d.id) as never });
      await db.load('i', INNER, { key: ((d: { id: string }) => d.id) as never });
    }
    await indexed.query('CREATE INDEX ix_k ON i(k)');
  });
  afterAll(async () => {
    await plain.close();
    await indexed.close();
  });

  it.each(CASES)('%s', async (q, expected) => {
    expect(JSON.stringify((await indexed.query(`EXPLAIN ${q}`)).results)).toMatch(/NestedLoop(Join|Nest)".*"IndexScan3"/);
    expect((await indexed.query(q)).results).toEqual(expected);
    expect((await plain.query(q)).results).toEqual(expected);
  });

  it('a chain of probes, a probe in a correlated subquery, and a prepared probe give the same rows', async () => {
    // o → i → i2 (the same keyspace again, by the same key): o1 and o2 each match i1 and i11, each of which matches both.
    const chain = 'SELECT o.id AS oid, i.id AS iid, j.id AS jid FROM o JOIN i ON o.k = i.k JOIN i AS j ON i.k = j.k WHERE o.id IN ["o1", "o3"] ORDER BY oid, iid, jid';
    const chained = [
      { oid: 'o1', iid: 'i1', jid: 'i1' },
      { oid: 'o1', iid: 'i1', jid: 'i11' },
      { oid: 'o1', iid: 'i11', jid: 'i1' },
      { oid: 'o1', iid: 'i11', jid: 'i11' },
      { oid: 'o3', iid: 'i2', jid: 'i2' },
    ];
    expect((await indexed.query(chain)).results).toEqual(chained);
    expect((await plain.query(chain)).results).toEqual(chained);
    const sub = 'SELECT o.id AS oid, (SELECT RAW i.id FROM o AS p JOIN i ON p.k = i.k WHERE p.id = o.id ORDER BY i.id) AS ids FROM o WHERE o.id IN ["o1", "o9", "o10"] ORDER BY oid';
    const subRows = [
      { oid: 'o1', ids: ['i1', 'i11'] },
      { oid: 'o10', ids: [] },
      { oid: 'o9', ids: ['i8', 'i9'] },
    ];
    expect((await indexed.query(sub)).results).toEqual(subRows);
    expect((await plain.query(sub)).results).toEqual(subRows);
    await indexed.query('PREPARE probe1 FROM SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON o.k = i.k ORDER BY oid, iid');
    expect((await indexed.query('EXECUTE probe1')).results).toEqual(JOINED);
  });

  it('sees writes: a changed, deleted or new inner document joins by its new value', async () => {
    const db = await openTestDatabase(kind);
    try {
      await db.createKeyspace('o');
      await db.createKeyspace('i');
      await db.load('o', OUTER, { key: ((d: { id: string }) => d.id) as never });
      await db.load('i', INNER, { key: ((d: { id: string }) => d.id) as never });
      await db.query('CREATE INDEX ix_k ON i(k)');
      await db.query('UPDATE i SET k = 3 WHERE id = "i9"');
      await db.query('DELETE FROM i WHERE id = "i11"');
      await db.query('INSERT INTO i (KEY, VALUE) VALUES ("i12", {"id": "i12", "k": false})');
      const q = 'SELECT o.id AS oid, i.id AS iid FROM o JOIN i ON o.k = i.k WHERE o.id IN ["o1", "o9", "o10", "o12"] ORDER BY oid, iid';
      expect((await db.query(q)).results).toEqual([
        { oid: 'o1', iid: 'i1' },
        { oid: 'o10', iid: 'i9' },
        { oid: 'o12', iid: 'i12' },
        { oid: 'o9', iid: 'i8' },
      ]);
    } finally {
      await db.close();
    }
  });
});

describeStores('index nested-loop join probe over expired documents', (kind) => {
  it('leaves out an expired inner document (one of a key, one of two, the only one), as a full scan would', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const db = await openTestDatabase(kind, { clock: () => clock.now });
    try {
      await db.createKeyspace('o');
      await db.createKeyspace('i');
      for (const k of [1, 2, 3]) await db.upsert('o', `o${k}`, { k });
      // Written first, so that they come first in their postings; they expire 10 s from now.
      await db.upsert('i', 'x1', { k: 1 }, { expiration: 10 });
      await db.upsert('i', 'x3', { k: 3 }, { expiration: 10 });
      await db.upsert('i', 'i1', { k: 1 });
      await db.upsert('i', 'i2', { k: 2 });
      await db.query('CREATE INDEX ix_k ON i(k)');
      clock.now += 20_000;
      const q = 'SELECT META(o).id AS oid, META(i).id AS iid FROM o JOIN i ON o.k = i.k ORDER BY oid, iid';
      const rows = [
        { oid: 'o1', iid: 'i1' },
        { oid: 'o2', iid: 'i2' },
      ];
      expect((await db.query(q)).results).toEqual(rows);
      // Once read, the expired documents are gone for good (their entries removed after the probe).
      expect((await db.query(q)).results).toEqual(rows);
      expect((await db.query('SELECT META(o).id AS oid, META(i).id AS iid FROM o LEFT JOIN i ON o.k = i.k ORDER BY oid, iid')).results).toEqual([...rows, { oid: 'o3' }]);
    } finally {
      await db.close();
    }
  });
});

describe('index nested-loop join probe at scale', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('r');
    await db.createKeyspace('a');
    // 3,000 inner documents share key 0 (a posting read by the inner side's operators, in
    // pieces); keys 1..999 have one document each.
    await db.load('a', Array.from({ length: 4000 }, (_, i) => ({ id: i, aid: i < 3000 ? 0 : i - 2999 })), { key: ((d: { id: number }) => `a${d.id}`) as never });
    await db.load('r', Array.from({ length: 200_000 }, (_, i) => ({ id: i, aid: i % 1000 })), { key: ((d: { id: number }) => `r${d.id}`) as never });
    await db.query('CREATE INDEX ix_aid ON a(aid)');
  });
  afterAll(() => db.close());

  it('counts every pair: 200 outer rows × 3,000 documents of key 0, one document for each other key', async () => {
    // Outer aid 0: 200 rows × 3,000 matches; aid 1..999: 199,800 rows × 1 match.
    expect((await db.query('SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid')).results).toEqual([{ n: 200 * 3000 + 199_800 }]);
    expect((await db.query('SELECT COUNT(*) AS n, COUNT(a.id) AS m FROM r LEFT JOIN a ON r.aid = a.aid WHERE r.id < 2000')).results).toEqual([{ n: 2 * 3000 + 1998, m: 2 * 3000 + 1998 }]);
  });

  it('an outer row whose key is MISSING or NULL is no match, without reading the index (was a scan of all of it per row)', async () => {
    const db2 = await Database.open();
    try {
      await db2.createKeyspace('r');
      await db2.createKeyspace('a');
      await db2.load('a', Array.from({ length: 100_000 }, (_, i) => ({ id: i, aid: i % 50_000 === 7 ? null : i })), { key: ((d: { id: number }) => `a${d.id}`) as never });
      // Even ids: aid NULL; odd ids: no aid, but for every 100th, whose aid is its id.
      await db2.load('r', Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? { id: i, aid: null } : i % 100 === 1 ? { id: i, aid: i } : { id: i })), { key: ((d: { id: number }) => `r${d.id}`) as never });
      await db2.query('CREATE INDEX ix ON a(aid)');
      const started = performance.now();
      expect((await db2.query('SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid')).results).toEqual([{ n: 20 }]);
      expect((await db2.query('SELECT COUNT(*) AS n, COUNT(a.id) AS m FROM r LEFT JOIN a ON r.aid = a.aid')).results).toEqual([{ n: 2000, m: 20 }]);
      expect((await db2.query('SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid AND a.id > 500')).results).toEqual([{ n: 15 }]);
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await db2.close();
    }
  });

  it('stops within 100 ms of the abort', async () => {
    const ac = new AbortController();
    const started = performance.now();
    setTimeout(() => ac.abort(), 20);
    const err = await db.query('SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid', { signal: ac.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(1080);
    expect(performance.now() - started).toBeLessThan(20 + 100 + 200); // + slack for a loaded machine
  });

  it('raises 12016 when its index is dropped while it is paused, as the IndexScan3 it runs for does', async () => {
    // (Outer rows of key 0, whose posting the inner operators read, are left out: every row is probed.)
    const running = db.query('SELECT COUNT(*) AS n FROM r JOIN a ON r.aid = a.aid WHERE r.aid > 0').then(
      () => undefined,
      (e: unknown) => e,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db.query('DROP INDEX ix_aid ON a');
    const err = await running;
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(12016);
  });
});
