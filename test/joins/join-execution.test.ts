import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';

/**
 * Joins as running operators of the plan tree: a prepared join runs from its decoded plan (hash
 * join, and nested loop over an index scan once an index exists), and a long nested-loop join
 * stops soon after its request's signal is aborted (1080), as every operator does.
 */
describe('join execution', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('a');
    await db.createKeyspace('b');
    await db.load('a', Array.from({ length: 3000 }, (_, i) => ({ id: i, x: i % 50 })), { key: ((d: { id: number }) => `a${d.id}`) as never });
    await db.load('b', Array.from({ length: 3000 }, (_, i) => ({ id: i, y: i % 50 })), { key: ((d: { id: number }) => `b${d.id}`) as never });
  });
  afterAll(() => db.close());

  it('PREPARE / EXECUTE a join (60 a rows × 60 b rows per key value, 50 values)', async () => {
    await db.query('PREPARE pj1 FROM SELECT COUNT(*) AS n FROM a JOIN b ON a.x = b.y');
    expect((await db.query('EXECUTE pj1')).results).toEqual([{ n: 180000 }]);
    await db.query('CREATE INDEX ix_b_y ON b(y)');
    await db.query('PREPARE pj2 FROM SELECT COUNT(*) AS n FROM a JOIN b ON a.x = b.y');
    expect((await db.query('EXECUTE pj2')).results).toEqual([{ n: 180000 }]);
  });

  it('a 9M-pair nested-loop join stops within 100 ms of the abort', async () => {
    const ac = new AbortController();
    const started = performance.now();
    setTimeout(() => ac.abort(), 30);
    const err = await db.query('SELECT COUNT(*) AS n FROM a JOIN b USE NL ON a.x + 0 = b.y + 0', { signal: ac.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(1080);
    expect(performance.now() - started).toBeLessThan(30 + 100 + 200); // + slack for a loaded machine
  });
});

describe('a FROM alias named as a WITH binding', () => {
  it('keeps the row\'s binding in a hash join, whichever side is built (the reference\'s answers)', async () => {
    const db = await Database.open();
    await db.createKeyspace('edges');
    await db.upsert('edges', 'e0', { f: 0, t: 0 });
    await db.upsert('edges', 'e1', { f: 0, t: 0 });
    const pair = { r: { n: 0 }, e: { f: 0, t: 0 } };
    for (const hint of ['USE HASH(build)', 'USE HASH(probe)']) {
      expect((await db.query(`WITH r AS ([{"n":0}]) SELECT r, e FROM r JOIN edges e ${hint} ON e.f = r.n`)).results).toEqual([pair, pair]);
    }
    expect((await db.query('WITH RECURSIVE r AS (SELECT 0 AS n UNION ALL SELECT e.t AS n FROM r JOIN edges e ON e.f = r.n) OPTIONS {"levels": 1} SELECT RAW r.n FROM r')).results).toEqual([0, 0, 0]);
    await db.close();
  });

  // Every expected value below is n1ql-reference's answer over edges e1 {f:1,t:2}, e2 {f:2,t:3},
  // e3 {f:5,t:6}. In the ON clause `r` is the FROM term's row, never the WITH value (an
  // ON conjunct reading it is no filter of the inner side alone).
  describe('in the ON clause of every join method', () => {
    let db: Database;
    beforeAll(async () => {
      db = await Database.open();
      await db.createKeyspace('edges');
      for (const d of [{ id: 1, f: 1, t: 2 }, { id: 2, f: 2, t: 3 }, { id: 3, f: 5, t: 6 }]) await db.upsert('edges', `e${d.id}`, d);
    });
    afterAll(() => db.close());
    const two = [{ n: 1, t: 2 }, { n: 2, t: 3 }];
    const withR = 'WITH r AS ([{"n":1},{"n":2}]) ';
    const withR7 = 'WITH r AS ([{"n":1},{"n":2},{"n":7}]) ';
    const cases: [string, unknown[]][] = [
      [`${withR}SELECT r.n, e.t FROM r JOIN edges e USE NL ON e.f = r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, e.t FROM r JOIN edges e ON e.f = r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, e.t FROM r JOIN edges e USE NL ON e.f = r.n AND e.t > r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, e.t FROM r JOIN edges e USE HASH(BUILD) ON e.f = r.n AND e.t > r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, e.t FROM r JOIN edges e USE HASH(PROBE) ON e.f = r.n AND e.t > r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, e.t FROM r, edges e WHERE e.f = r.n ORDER BY r.n`, two],
      [`${withR7}SELECT r.n, e.t FROM r LEFT JOIN edges e USE NL ON e.f = r.n ORDER BY r.n`, [...two, { n: 7 }]],
      [`${withR7}SELECT r.n, e.t FROM r LEFT JOIN edges e USE HASH(BUILD) ON e.f = r.n AND e.t > r.n ORDER BY r.n`, [...two, { n: 7 }]],
      [`${withR7}SELECT r.n, e FROM r NEST edges e USE NL ON e.f = r.n ORDER BY r.n`, [{ n: 1, e: [{ id: 1, f: 1, t: 2 }] }, { n: 2, e: [{ id: 2, f: 2, t: 3 }] }]],
      [`${withR7}SELECT r.n, e FROM r LEFT NEST edges e USE HASH(BUILD) ON e.f = r.n ORDER BY r.n`, [{ n: 1, e: [{ id: 1, f: 1, t: 2 }] }, { n: 2, e: [{ id: 2, f: 2, t: 3 }] }, { n: 7, e: [] }]],
      // A subquery FROM term on the inner side, and on the outer side under another alias.
      [`${withR}SELECT r.n, x.t FROM r JOIN (SELECT e.f, e.t FROM edges e) AS x USE NL ON x.f = r.n ORDER BY r.n`, two],
      [`${withR}SELECT r.n, x.t FROM r JOIN (SELECT e.f, e.t FROM edges e) AS x USE HASH(PROBE) ON x.f = r.n ORDER BY r.n`, two],
      [`${withR}SELECT s.n, e.t FROM (SELECT RAW x FROM r AS x) AS s JOIN edges e USE NL ON e.f = s.n ORDER BY s.n`, two],
      // An outer query's alias as a subquery's ON reads it (not shadowed there).
      ['SELECT o.id, (SELECT r.n, e.t FROM [{"n":1},{"n":2}] AS r JOIN edges e USE NL ON e.f = r.n ORDER BY r.n) AS j FROM edges r2 JOIN edges o ON KEYS meta(r2).id WHERE r2.id = 3', [{ id: 3, j: two }]],
    ];
    it.each(cases)('%s', async (q, rows) => {
      expect((await db.query(q)).results).toEqual(rows);
    });
    it('a subquery FROM term may not take the WITH alias (4020, the reference\'s message)', async () => {
      await expect(db.query(`${withR}SELECT r.n, e.t FROM (SELECT RAW x FROM r AS x) AS r JOIN edges e USE NL ON e.f = r.n ORDER BY r.n`)).rejects.toMatchObject({ code: 4020, message: "Duplicate subquery alias 'r' (near line 1, column 79)" });
    });
  });
});

/**
 * A lookup join over several batches of outer rows (1,000 rows; a batch is 256) where rows whose
 * key names a document, names none, is NULL or MISSING, or is an array of keys are mixed in every
 * batch: the inner join passes a batch on as it is only while every row is kept. The expected
 * figures follow the rules the reference gives on test/cases/joins.json's small keyspaces (a
 * string key joins its document, a key naming none drops the row, NULL or MISSING drops it, an
 * array joins each string of it that names a document; LEFT keeps every outer row once at least;
 * an inner NEST drops rows with no match), computed here by that definition.
 */
describe('a lookup join over mixed batches', () => {
  let db: Database;
  const keyOf = (i: number) => (i % 4 === 0 ? `d${i % 7}` : i % 4 === 1 ? 'nokey' : i % 4 === 2 ? (i % 8 === 2 ? null : undefined) : ['d1', 'zz', 'd2']);
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('o');
    await db.createKeyspace('d');
    await db.load('o', Array.from({ length: 1000 }, (_, i) => (keyOf(i) === undefined ? { i } : { i, k: keyOf(i) })), { key: ((v: { i: number }) => `o${v.i}`) as never });
    await db.load('d', Array.from({ length: 7 }, (_, j) => ({ n: j })), { key: ((v: { n: number }) => `d${v.n}`) as never });
  });
  afterAll(() => db.close());

  it('joins, LEFT joins and nests by the definition', async () => {
    let rows = 0;
    let sum = 0;
    let left = 0;
    let nested = 0;
    for (let i = 0; i < 1000; i++) {
      const k = keyOf(i);
      const names = (typeof k === 'string' ? [k] : Array.isArray(k) ? k : []).filter((x) => /^d[0-6]$/.test(x));
      rows += names.length;
      for (const x of names) sum += Number(x.slice(1));
      left += Math.max(1, names.length);
      if (names.length) nested++;
    }
    expect([rows, sum, left, nested]).toEqual([750, 1497, 1250, 500]);
    expect((await db.query('SELECT COUNT(*) AS n, SUM(d.n) AS s, COUNT(META(d).id) AS m FROM o JOIN d ON KEYS o.k')).results).toEqual([{ n: rows, s: sum, m: rows }]);
    expect((await db.query('SELECT COUNT(*) AS n, COUNT(d) AS m FROM o LEFT JOIN d ON KEYS o.k')).results).toEqual([{ n: left, m: rows }]);
    expect((await db.query('SELECT COUNT(*) AS n FROM o NEST d ON KEYS o.k')).results).toEqual([{ n: nested }]);
    expect((await db.query('SELECT META(o).id AS oid, META(d).id AS did, META(d).`keyspace` AS ks FROM o JOIN d ON KEYS o.k WHERE o.i < 4 ORDER BY oid, did')).results).toEqual([
      { oid: 'o0', did: 'd0', ks: 'default:d' },
      { oid: 'o3', did: 'd1', ks: 'default:d' },
      { oid: 'o3', did: 'd2', ks: 'default:d' },
    ]);
  });
});
