/**
 * Lookup joins (`ON KEYS`) over keys of every kind, with the alias read after the join and not
 * (`_unread`: the rows are passed on without the document bound), before and after a DELETE,
 * and over an expired document. The batch lookup of the store (KeyspaceStore `getMany`) and
 * the unread path must give the rows a key-by-key fetch gives. Expected values are the
 * reference's answers (n1ql-reference, cbq-engine at 3582af6c) over the same two keyspaces:
 * `o` with keys `o<id>` (ON KEYS values: strings naming a document or none, NULL, MISSING, a
 * number, arrays of keys with non-string elements), `a` with keys `a1`..`a3`.
 * Every suite runs on every store kind (the PostgreSQL store's `getMany` reads a batch's
 * documents in one statement).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Database, type Value } from '../../src/index.js';
import { decodePlan } from '../../src/planner/plan-codec.js';
import { describeStores } from '../support/describe-stores.js';
import { openTestDatabase } from '../support/store-kinds.js';

const O: Value[] = [
  { id: 1, k: 'a1' },
  { id: 2, k: 'a2' },
  { id: 3, k: 'nope' },
  { id: 4, k: null },
  { id: 5 },
  { id: 6, k: 7 },
  { id: 7, k: ['a1', 'a2', 'nope'] },
  { id: 8, k: ['a1', 3, null] },
  { id: 9, k: 'a3' },
];
const A: Value[] = [
  { name: 'a1', v: 10 },
  { name: 'a2', v: 20 },
  { name: 'a3', v: 30 },
];

type Node = Record<string, Value>;
function lookupJoins(n: Value, out: Node[] = []): Node[] {
  if (Array.isArray(n)) n.forEach((c) => lookupJoins(c, out));
  else if (n && typeof n === 'object') {
    if (n['#operator'] === 'Join') out.push(n as Node);
    Object.values(n).forEach((c) => lookupJoins(c, out));
  }
  return out;
}

/** The `_unread` flags of the statement's lookup Joins, read from its prepared (encoded) plan. */
let prepared = 0;
async function unreadFlags(db: Database, q: string): Promise<(boolean | undefined)[]> {
  const p = (await db.query(`PREPARE p${++prepared} FROM ${q}`)).results[0] as Node;
  return lookupJoins(decodePlan(p.encoded_plan as string).plan as unknown as Value).map((j) => j._unread as boolean | undefined);
}

describeStores('lookup join whose alias is read after it or not', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await db.load('o', O, { key: 'o%id%' });
    await db.load('a', A, { key: '%name%' });
  });
  afterAll(() => db.close());

  it.each([
    ['SELECT COUNT(*) AS n FROM o JOIN a ON KEYS o.k', [{ n: 6 }], true],
    ['SELECT RAW o.id FROM o JOIN a ON KEYS o.k ORDER BY o.id', [1, 2, 7, 7, 8, 9], true],
    ['SELECT COUNT(*) AS n FROM o LEFT JOIN a ON KEYS o.k', [{ n: 10 }], false],
    [
      'SELECT o.id, META(a).id AS aid FROM o JOIN a ON KEYS o.k ORDER BY o.id, aid',
      [
        { id: 1, aid: 'a1' },
        { id: 2, aid: 'a2' },
        { id: 7, aid: 'a1' },
        { id: 7, aid: 'a2' },
        { id: 8, aid: 'a1' },
        { id: 9, aid: 'a3' },
      ],
      false,
    ],
    ['SELECT COUNT(*) AS n, SUM(a.v) AS s FROM o JOIN a ON KEYS o.k', [{ n: 6, s: 100 }], false],
  ])('%s', async (q, expected, unread) => {
    expect((await db.query(q)).results).toEqual(expected);
    const flags = await unreadFlags(db, q);
    expect(flags.length).toBe(1);
    expect(!!flags[0]).toBe(unread);
  });

  it('warns 5503 for ON KEYS VALIDATE keys that name no document when the alias is not read', async () => {
    const r = await db.query('SELECT COUNT(*) AS n FROM o JOIN a ON KEYS VALIDATE o.k');
    expect(r.results).toEqual([{ n: 6 }]);
    expect(r.warnings?.map((w) => [w.code, w.msg])).toEqual([[5503, 'Key(s) in USE KEYS hint not found']]);
  });

  it('nests the documents of the keys, as the reference does', async () => {
    expect((await db.query('SELECT o.id, ARRAY_LENGTH(a) AS n FROM o NEST a ON KEYS o.k ORDER BY o.id')).results).toEqual([
      { id: 1, n: 1 },
      { id: 2, n: 1 },
      { id: 7, n: 2 },
      { id: 8, n: 1 },
      { id: 9, n: 1 },
    ]);
  });

  it('finds no deleted document, read or not', async () => {
    const d = await openTestDatabase(kind);
    try {
      await d.load('o', O, { key: 'o%id%' });
      await d.load('a', A, { key: '%name%' });
      await d.query('DELETE FROM a USE KEYS "a3"');
      expect((await d.query('SELECT COUNT(*) AS n FROM o JOIN a ON KEYS o.k')).results).toEqual([{ n: 5 }]);
      expect((await d.query('SELECT RAW o.id FROM o JOIN a ON KEYS o.k ORDER BY o.id')).results).toEqual([1, 2, 7, 7, 8]);
      expect((await d.query('SELECT COUNT(*) AS n, SUM(a.v) AS s FROM o JOIN a ON KEYS o.k')).results).toEqual([{ n: 5, s: 70 }]);
    } finally {
      await d.close();
    }
  });
});

describeStores('lookup join over expired documents', (kind) => {
  it('finds no expired document, as a fetch by key does not, read or not', async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const d = await openTestDatabase(kind, { clock: () => clock.now });
    try {
      await d.load('o', O, { key: 'o%id%' });
      await d.load('a', A, { key: '%name%' });
      await d.upsert('a', 'a3', { name: 'a3', v: 30 }, { expiration: 10 });
      expect((await d.query('SELECT COUNT(*) AS n FROM o JOIN a ON KEYS o.k')).results).toEqual([{ n: 6 }]);
      clock.now += 20_000;
      expect((await d.query('SELECT COUNT(*) AS n FROM o JOIN a ON KEYS o.k')).results).toEqual([{ n: 5 }]);
      expect((await d.query('SELECT COUNT(*) AS n, SUM(a.v) AS s FROM o JOIN a ON KEYS o.k')).results).toEqual([{ n: 5, s: 70 }]);
    } finally {
      await d.close();
    }
  });
});
