/**
 * When the index completes the groups (`index_group_aggs` without `partial`) and what is pushed
 * with them, as the reference plans it (couchbase/query planner/build_scan_pushdowns.go
 * `indexGroupLeadingIndexKeysMatch`, planner/build_select.go `constrainAggregate`; the shapes
 * the reference suite's gsi/indexga explain checks demand for its indexes ixgar100, ixgap100
 * PARTITION BY HASH(c0) and ixgatp PARTITION BY HASH(c4)). Expected rows are the reference's
 * answers (n1ql-reference, cbq-engine at 3582af6c, the same documents over its primary index:
 * an index never changes a result). Each keyspace has one index over (c0, c1, c2, c3, c4):
 * `r` not partitioned (and `ixr1` on c1), `p0` PARTITION BY HASH(c0), `p4` PARTITION BY HASH(c4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';

type Node = Record<string, Value>;

const DOCS = [
  { id: 'o0', c0: 1, c1: 10, c2: 100, c3: 1000, c4: 10000 },
  { id: 'o1', c0: 1, c1: 20, c2: 200, c3: 2000, c4: 10001 },
  { id: 'o2', c0: 1, c1: 10, c2: 300, c3: 3000, c4: 10002 },
  { id: 'o3', c0: 2, c1: 11, c2: 110, c3: 1100, c4: 11000 },
  { id: 'o4', c0: 2, c1: 21, c2: 210, c4: 11001 },
  { id: 'o5', c0: 2, c1: 11, c2: 610, c3: 6100, c4: 11002 },
  { id: 'o6', c0: 3, c1: 30, c2: null, c3: 3300, c4: 11003 },
  { id: 'o7', c1: 5, c2: 5 },
];

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  for (const ks of ['r', 'p0', 'p4']) await db.load(ks, DOCS, { key: '%id%' });
  await db.query('CREATE INDEX ixr ON r(c0, c1, c2, c3, c4)');
  await db.query('CREATE INDEX ixp0 ON p0(c0, c1, c2, c3, c4) PARTITION BY HASH(c0)');
  await db.query('CREATE INDEX ixp4 ON p4(c0, c1, c2, c3, c4) PARTITION BY HASH(c4)');
  await db.query('CREATE INDEX ixr1 ON r(c1)');
});
afterAll(async () => db.close());

/** The plan's IndexScan3 (the first one, depth first). */
async function indexScan(q: string): Promise<Node | undefined> {
  const plan = (await db.query('EXPLAIN ' + q)).results[0] as Node;
  let found: Node | undefined;
  const walk = (v: Value): void => {
    if (found || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Node;
    if (o['#operator'] === 'IndexScan3') found = o;
    else Object.values(o).forEach(walk);
  };
  walk(plan.plan);
  return found;
}

/** The operators of a plan, depth first. */
async function operators(q: string): Promise<string[]> {
  const out: string[] = [];
  const walk = (v: Value): void => {
    if (v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Node;
    if (typeof o['#operator'] === 'string') out.push(o['#operator']);
    for (const [k, x] of Object.entries(o)) if (k !== 'index_group_aggs') walk(x);
  };
  walk(((await db.query('EXPLAIN ' + q)).results[0] as Node).plan);
  return out;
}

const rows = async (q: string) => (await db.query(q)).results;
const partial = (s: Node | undefined) => (s?.index_group_aggs as Node | undefined)?.partial;

describe('index_group_aggs: complete groups or partial', () => {
  const grouped = (ks: string) => `SELECT c0, c1, c2 FROM ${ks} WHERE c0 > 0 GROUP BY c0, c1, c2`;

  it('GROUP BY the leading keys: complete on the index and on PARTITION BY HASH(c0); partial on HASH(c4), whose key is not grouped', async () => {
    for (const ks of ['r', 'p0']) {
      const s = await indexScan(grouped(ks));
      expect(s?.index_group_aggs).toBeDefined();
      expect(partial(s)).toBeUndefined();
    }
    const s4 = await indexScan(grouped('p4'));
    expect(s4?.index_group_aggs).toBeDefined();
    expect(partial(s4)).toBe(true);
  });

  it('a GROUP BY expression over index keys is partial, and ORDER BY, OFFSET, LIMIT stay out of the scan; the rows are the reference rows', async () => {
    const q = 'SELECT c0, c1+c2 AS x, COUNT(*) AS n FROM r WHERE c0 > 0 GROUP BY c0, c1+c2 ORDER BY c0, x';
    const s = await indexScan(q);
    expect(partial(s)).toBe(true);
    expect([s?.index_order, s?.limit, s?.offset]).toEqual([undefined, undefined, undefined]);
    for (const ks of ['r', 'p4']) {
      expect(await rows(q.replace('FROM r', `FROM ${ks}`))).toEqual([
        { c0: 1, x: 110, n: 1 },
        { c0: 1, x: 220, n: 1 },
        { c0: 1, x: 310, n: 1 },
        { c0: 2, x: 121, n: 1 },
        { c0: 2, x: 231, n: 1 },
        { c0: 2, x: 621, n: 1 },
        { c0: 3, x: null, n: 1 },
      ]);
    }
  });

  it('complete groups in index order take ORDER BY, OFFSET and LIMIT into the scan (no Order, no Offset operator)', async () => {
    const q = 'SELECT c0, SUM(c2) AS s FROM r WHERE c0 > 0 GROUP BY c0 ORDER BY c0 OFFSET 1 LIMIT 2';
    const s = await indexScan(q);
    expect(s?.index_order).toEqual([{ keypos: 0 }]);
    expect([s?.offset, s?.limit]).toEqual(['1', '2']);
    const ops = await operators(q);
    expect(ops).not.toContain('Order');
    expect(ops).not.toContain('Offset');
    expect(await rows(q)).toEqual([
      { c0: 2, s: 930 },
      { c0: 3, s: null },
    ]);
  });

  it('over disjoint spans in ascending order (an OR on the leading key) the index order still serves ORDER BY and LIMIT', async () => {
    const q = 'SELECT c0, MAX(c2) AS m FROM r WHERE c0 = 1 OR c0 >= 3 GROUP BY c0 ORDER BY c0 LIMIT 1';
    const s = await indexScan(q);
    expect((s?.spans as Value[]).length).toBe(2);
    expect(s?.index_order).toEqual([{ keypos: 0 }]);
    expect(s?.limit).toBe('1');
    expect(await rows(q)).toEqual([{ c0: 1, m: 300 }]);
  });

  it('a DISTINCT aggregate needs complete groups and an operand among the matched leading keys and the next one: none pushed on HASH(c4) or over c3; the reference rows either way', async () => {
    const q = (ks: string, x: string) => `SELECT c0, COUNT(DISTINCT ${x}) AS d, AVG(c2) AS a FROM ${ks} WHERE c0 >= 1 GROUP BY c0 ORDER BY c0`;
    expect((await indexScan(q('p4', 'c1')))?.index_group_aggs).toBeUndefined();
    expect((await indexScan(q('r', 'c1')))?.index_group_aggs).toBeDefined();
    expect((await indexScan(q('r', 'c3')))?.index_group_aggs).toBeUndefined();
    const c1 = [
      { c0: 1, d: 2, a: 200 },
      { c0: 2, d: 2, a: 310 },
      { c0: 3, d: 1, a: null },
    ];
    expect(await rows(q('p4', 'c1'))).toEqual(c1);
    expect(await rows(q('r', 'c1'))).toEqual(c1);
    expect(await rows(q('r', 'c3'))).toEqual([
      { c0: 1, d: 3, a: 200 },
      { c0: 2, d: 2, a: 310 },
      { c0: 3, d: 1, a: null },
    ]);
  });
});

describe('aggregates of one operand choose an index led by it (x IS NOT NULL)', () => {
  it('SUM(c0), COUNT(c0) without WHERE: the index scan aggregates (partial on HASH(c0): no span fixes c0); the reference rows', async () => {
    const q = (ks: string) => `SELECT SUM(c0) AS s, COUNT(c0) AS n FROM ${ks}`;
    const r = await indexScan(q('r'));
    expect(r?.index).toBe('ixr');
    expect(r?.index_group_aggs).toBeDefined();
    expect(partial(r)).toBeUndefined();
    expect(partial(await indexScan(q('p0')))).toBe(true);
    for (const ks of ['r', 'p0']) expect(await rows(q(ks))).toEqual([{ s: 12, n: 7 }]);
  });

  it('COUNT(*) reads every document: no index', async () => {
    expect(await indexScan('SELECT COUNT(*) AS n, SUM(c0) AS s FROM r')).toBeUndefined();
    expect(await rows('SELECT COUNT(*) AS n, SUM(c0) AS s FROM r')).toEqual([{ n: 8, s: 12 }]);
  });
});

describe('UnionScan: LIMIT without ORDER BY', () => {
  it('its scans decide the WHERE: OFFSET+LIMIT into the union (the gsi/indexga unionscan check), any documents of the reference set', async () => {
    const q = 'SELECT RAW META().id FROM r WHERE c0 > 1 OR c1 > 20 OFFSET 1 LIMIT 2';
    const plan = ((await db.query('EXPLAIN ' + q)).results[0] as Node).plan as Node;
    const union = JSON.stringify(plan).match(/"#operator":"UnionScan","limit":"([^"]*)"/);
    expect(union?.[1]).toBe('(2 + case when (0 < 1) then 1 else 0 end)');
    const got = (await rows(q)) as string[];
    expect(got).toHaveLength(2);
    for (const id of got) expect(['o3', 'o4', 'o5', 'o6']).toContain(id);
    // With ORDER BY every document is read: no limit in the union.
    expect(JSON.stringify(await db.query('EXPLAIN SELECT c0 FROM r WHERE c0 > 1 OR c1 > 20 ORDER BY c0 LIMIT 2'))).not.toMatch(/"UnionScan","limit"/);
  });
});
