/**
 * Aggregates answered from an index (issue 19 §4): `index_group_aggs` on a covering IndexScan3
 * (GROUP BY on index keys; COUNT, COUNTN, SUM, MIN, MAX, AVG and their DISTINCT forms),
 * IndexCountDistinctScan2 and CountScan. Expected rows are the reference's answers
 * (n1ql-reference, cbq-engine at 3582af6c, over the same documents with its primary index: an
 * index never changes a result); operator shapes follow couchbase/query
 * `plan/index_group_aggs.go` and `planner/build_scan_indexgroup.go` (the reference's file
 * datastore has no secondary indexes to EXPLAIN with).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';

type Node = Record<string, Value>;

/** Every operator of an EXPLAIN plan, depth first, with `[GA]` after an IndexScan3 that aggregates. */
function operatorNames(plan: Value): string[] {
  const out: string[] = [];
  const walk = (v: Value): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const o = v as Node;
      if (typeof o['#operator'] === 'string') out.push(o['#operator'] + (o.index_group_aggs ? '[GA]' : ''));
      for (const [k, x] of Object.entries(o)) if (k !== 'index_group_aggs') walk(x);
    }
  };
  walk(plan);
  return out;
}

/** The documents (key `id`): MISSING, NULL, strings and numbers among `k` and `v`. */
const DOCS = [
  { id: 'd0', k: 1, v: 10 },
  { id: 'd1', k: 1, v: 20 },
  { id: 'd2', k: 2, v: null },
  { id: 'd3', k: null, v: 5 },
  { id: 'd4', v: 7 },
  { id: 'd5', k: 'a', v: 1 },
  { id: 'd6', k: 2 },
  { id: 'd7', k: 3, v: 'x' },
  { id: 'd8', k: 1, v: 10 },
];

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('ks', DOCS, { key: '%id%' });
  await db.query('CREATE PRIMARY INDEX ON ks');
  await db.query('CREATE INDEX ikv ON ks(k, v)');
});
afterAll(async () => db.close());

const plan = async (q: string) => ((await db.query('EXPLAIN ' + q)).results[0] as Node).plan as Node;
const rows = async (q: string) => (await db.query(q)).results;

describe('index_group_aggs: the covering scan groups and aggregates', () => {
  const Q1 =
    'SELECT k, COUNT(*) AS n, COUNT(v) AS cv, COUNTN(v) AS cn, SUM(v) AS s, AVG(v) AS a, MIN(v) AS mi, MAX(v) AS ma, COUNT(DISTINCT v) AS dv, SUM(DISTINCT v) AS sdv FROM ks WHERE k IS NOT MISSING GROUP BY k ORDER BY k';

  it('GROUP BY an index key with every aggregate: no Filter, no group operators, the reference rows (NULL key, MISSING and NULL and string operands)', async () => {
    // ORDER BY served by the index: the block's Sequence inside the statement's (as the reference plans it).
    expect(operatorNames(await plan(Q1))).toEqual(['Sequence', 'Sequence', 'IndexScan3[GA]', 'Parallel', 'Sequence', 'InitialProject']);
    expect(await rows(Q1)).toEqual([
      { k: null, n: 1, cv: 1, cn: 1, s: 5, a: 5, mi: 5, ma: 5, dv: 1, sdv: 5 },
      { k: 1, n: 3, cv: 3, cn: 3, s: 40, a: 13.333333333333334, mi: 10, ma: 20, dv: 2, sdv: 30 },
      { k: 2, n: 2, cv: 0, cn: 0, s: null, a: null, mi: null, ma: null, dv: 0, sdv: null },
      { k: 3, n: 1, cv: 1, cn: 0, s: null, a: null, mi: 'x', ma: 'x', dv: 1, sdv: null },
      { k: 'a', n: 1, cv: 1, cn: 1, s: 1, a: 1, mi: 1, ma: 1, dv: 1, sdv: 1 },
    ]);
  });

  it('prints index_group_aggs as the reference does: group and aggregates with id, keypos, depends', async () => {
    const p = await plan('SELECT k, SUM(v) AS s, COUNT(*) AS n FROM ks WHERE k > 0 GROUP BY k');
    const scan = (p['~children'] as Node[])[0];
    expect(scan['#operator']).toBe('IndexScan3');
    expect(scan.index_group_aggs).toEqual({
      aggregates: [
        { aggregate: 'SUM', depends: [1], expr: '(`ks`.`v`)', id: 3, keypos: 1 },
        { aggregate: 'COUNT', expr: '1', id: 4, keypos: -1 },
      ],
      depends: [0, 1],
      group: [{ depends: [0], expr: '(`ks`.`k`)', id: 0, keypos: 0 }],
    });
    expect(scan.index_group_aggs).not.toHaveProperty('partial');
    // The aggregates are covered: the projection reads them as `cover (…)`.
    expect(scan.covers).toEqual(['cover ((`ks`.`k`))', 'cover ((`ks`.`v`))', 'cover ((meta(`ks`).`id`))', 'cover (sum((`ks`.`v`)))', 'cover (count(*))']);
    const project = (((p['~children'] as Node[])[1]['~child'] as Node)['~children'] as Node[])[0];
    expect(project.result_terms).toEqual([{ expr: 'cover ((`ks`.`k`))' }, { as: 's', expr: 'cover (sum((`ks`.`v`)))' }, { as: 'n', expr: 'cover (count(*))' }]);
  });

  it('aggregates without GROUP BY: one row, also for no entries (COUNT 0, others NULL)', async () => {
    const q = 'SELECT COUNT(1) AS c, SUM(v) AS s, MIN(k) AS mk, MAX(META().id) AS mid FROM ks WHERE k >= 1';
    expect(operatorNames(await plan(q))).toContain('IndexScan3[GA]');
    expect(await rows(q)).toEqual([{ c: 7, s: 41, mk: 1, mid: 'd8' }]);
    expect(await rows('SELECT COUNT(*) AS c, MAX(v) AS m, SUM(v) AS s FROM ks WHERE k > 100')).toEqual([{ c: 1, m: 1, s: 1 }]);
    expect(await rows('SELECT COUNT(*) AS c, MAX(v) AS m FROM ks WHERE k > "z"')).toEqual([{ c: 0, m: null }]);
  });

  it('GROUP BY an expression over index keys, HAVING and LETTING after the scan', async () => {
    const q = 'SELECT k + 1 AS k1, COUNT(1) AS c FROM ks WHERE k IS NOT NULL GROUP BY k + 1 HAVING COUNT(1) > 1 ORDER BY k1';
    expect(operatorNames(await plan(q))).toEqual(['Sequence', 'Sequence', 'IndexScan3[GA]', 'Parallel', 'Sequence', 'Filter', 'InitialProject', 'Order']);
    expect(await rows(q)).toEqual([
      { k1: 2, c: 3 },
      { k1: 3, c: 2 },
    ]);
    expect(await rows('SELECT k, cnt FROM ks WHERE k > 0 GROUP BY k LETTING cnt = COUNT(v) ORDER BY k')).toEqual([
      { k: 1, cnt: 3 },
      { k: 2, cnt: 0 },
      { k: 3, cnt: 1 },
      { k: 'a', cnt: 1 },
    ]);
    expect(await rows('SELECT k, AVG(DISTINCT v) AS adv, COUNTN(DISTINCT v) AS cdn FROM ks WHERE k IS NOT MISSING GROUP BY k ORDER BY k')).toEqual([
      { k: null, adv: 5, cdn: 1 },
      { k: 1, adv: 15, cdn: 2 },
      { k: 2, adv: null, cdn: 0 },
      { k: 3, adv: null, cdn: 0 },
      { k: 'a', adv: 1, cdn: 1 },
    ]);
  });

  it('is not used where the index cannot answer: ARRAY_AGG, MIN(DISTINCT), a FILTER, a field outside the index, a WHERE the spans do not decide', async () => {
    for (const q of [
      'SELECT k, ARRAY_AGG(v) AS a FROM ks WHERE k > 0 GROUP BY k',
      'SELECT k, MIN(DISTINCT v) AS m FROM ks WHERE k > 0 GROUP BY k',
      'SELECT k, COUNT(v) FILTER (WHERE v > 5) AS c FROM ks WHERE k > 0 GROUP BY k',
      'SELECT k, SUM(id) AS s FROM ks WHERE k > 0 GROUP BY k',
      'SELECT k, SUM(v) AS s FROM ks WHERE k > 0 AND ABS(v) > 1 GROUP BY k',
    ]) {
      expect(operatorNames(await plan(q)), q).not.toContain('IndexScan3[GA]');
      expect(operatorNames(await plan(q)), q).toContain('InitialGroup');
    }
  });

  it('a condition on the second key is decided by the composite span (each key of a span filters its own key, as GSI does)', async () => {
    const q = 'SELECT k, SUM(v) AS s FROM ks WHERE k > 0 AND v > 1 GROUP BY k';
    expect(operatorNames(await plan(q))).toContain('IndexScan3[GA]');
    expect(await rows(q + ' ORDER BY k')).toEqual([
      { k: 1, s: 40 },
      { k: 3, s: null },
    ]);
  });

  it('ORDER BY the leading group keys in index order is the scan order (index_order, no Order); other orders sort', async () => {
    const q = 'SELECT k, SUM(v) AS s FROM ks WHERE k IS NOT NULL GROUP BY k ORDER BY k';
    const p = await plan(q);
    expect(operatorNames(p)).toEqual(['Sequence', 'Sequence', 'IndexScan3[GA]', 'Parallel', 'Sequence', 'InitialProject']);
    expect((((p['~children'] as Node[])[0] as Node)['~children'] as Node[])[0].index_order).toEqual([{ keypos: 0 }]);
    expect(await rows(q)).toEqual([
      { k: 1, s: 40 },
      { k: 2, s: null },
      { k: 3, s: null },
      { k: 'a', s: 1 },
    ]);
    const desc = 'SELECT k, COUNT(*) AS n FROM ks WHERE k IS NOT MISSING GROUP BY k ORDER BY k DESC';
    expect(operatorNames(await plan(desc))).toContain('Order');
    expect(await rows(desc)).toEqual([
      { k: 'a', n: 1 },
      { k: 3, n: 1 },
      { k: 2, n: 2 },
      { k: 1, n: 3 },
      { k: null, n: 1 },
    ]);
    expect(operatorNames(await plan('SELECT v, COUNT(*) AS n FROM ks WHERE k IS NOT MISSING GROUP BY v ORDER BY v'))).toContain('Order');
    // LIMIT and OFFSET into the scan, as the reference pushes them: it skips OFFSET groups and
    // stops after LIMIT more; no Offset operator, the Limit follows.
    const paged = 'SELECT k, COUNT(*) AS n FROM ks WHERE k IS NOT MISSING GROUP BY k ORDER BY k LIMIT 2 OFFSET 1';
    const pp = await plan(paged);
    expect(operatorNames(pp)).toEqual(['Sequence', 'Sequence', 'IndexScan3[GA]', 'Parallel', 'Sequence', 'InitialProject', 'Limit']);
    const pagedScan = ((pp['~children'] as Node[])[0]['~children'] as Node[])[0];
    expect([pagedScan.limit, pagedScan.offset]).toEqual(['2', '1']);
    expect(await rows(paged)).toEqual([
      { k: 1, n: 3 },
      { k: 2, n: 2 },
    ]);
    // LIMIT without ORDER BY: any 2 whole groups (each with all its entries counted).
    const any2 = await rows('SELECT k, COUNT(*) AS n FROM ks WHERE k IS NOT MISSING GROUP BY k LIMIT 2');
    expect(any2).toHaveLength(2);
    for (const r of any2) expect([{ k: null, n: 1 }, { k: 1, n: 3 }, { k: 2, n: 2 }, { k: 3, n: 1 }, { k: 'a', n: 1 }]).toContainEqual(r);
    // HAVING drops groups: no limit in the scan.
    const having = 'SELECT k, COUNT(*) AS n FROM ks WHERE k IS NOT MISSING GROUP BY k HAVING COUNT(*) > 1 ORDER BY k LIMIT 1';
    expect(((await plan(having))['~children'] as Node[]).flatMap((c) => (c['~children'] as Node[]) ?? []).find((c) => c['#operator'] === 'IndexScan3')?.limit).toBeUndefined();
    expect(await rows(having)).toEqual([{ k: 1, n: 3 }]);
  });

  it('on the primary index: aggregates over META().id from a covering IndexScan3 of the primary index (no Fetch)', async () => {
    const q = 'SELECT COUNT(META().id) AS cnt, MIN(META().id) AS m, MAX(META().id) AS x, SUM(TONUMBER(SUBSTR(META().id, 1))) AS s FROM ks';
    const p = await plan(q);
    expect(operatorNames(p)).toEqual(['Sequence', 'IndexScan3[GA]', 'Parallel', 'Sequence', 'InitialProject']);
    const scan = (p['~children'] as Node[])[0];
    expect(scan.index).toBe('#primary');
    expect(scan.covers).toEqual([
      'cover ((meta(`ks`).`id`))',
      'cover (count((meta(`ks`).`id`)))',
      'cover (min((meta(`ks`).`id`)))',
      'cover (max((meta(`ks`).`id`)))',
      'cover (sum(to_number(substr((meta(`ks`).`id`), 1))))',
    ]);
    expect(await rows(q)).toEqual([{ cnt: 9, m: 'd0', x: 'd8', s: 36 }]);
    expect(await rows('SELECT SUBSTR(META().id, 0, 1) AS p, COUNT(*) AS n FROM ks GROUP BY SUBSTR(META().id, 0, 1)')).toEqual([{ p: 'd', n: 9 }]);
    // A field of the document: the primary scan fetches.
    expect(operatorNames(await plan('SELECT COUNT(META().id) AS n, SUM(v) AS s FROM ks'))).toEqual(expect.arrayContaining(['PrimaryScan3', 'Fetch', 'InitialGroup']));
  });

  it('without aggregates: a block reading only META().id scans the primary index covered, in key order (index_order, limit, offset)', async () => {
    const q = 'SELECT META().id FROM ks ORDER BY META().id LIMIT 3 OFFSET 2';
    const p = await plan(q);
    expect(operatorNames(p)).toEqual(['Sequence', 'Sequence', 'IndexScan3', 'Parallel', 'Sequence', 'InitialProject', 'Limit']);
    const scan = ((p['~children'] as Node[])[0]['~children'] as Node[])[0];
    expect(scan).toMatchObject({ index: '#primary', covers: ['cover ((meta(`ks`).`id`))'], index_order: [{ keypos: 0 }], limit: '3', offset: '2' });
    expect(await rows(q)).toEqual([{ id: 'd2' }, { id: 'd3' }, { id: 'd4' }]);
    // Descending: the Order sorts the covered rows.
    const desc = 'SELECT RAW META(l).id FROM ks AS l ORDER BY META(l).id DESC LIMIT 2';
    expect(operatorNames(await plan(desc))).toEqual(expect.arrayContaining(['IndexScan3', 'Order']));
    expect(await rows(desc)).toEqual(['d8', 'd7']);
  });

  it('PREPARE / EXECUTE runs the same plan', async () => {
    await db.query('PREPARE ga FROM SELECT k, SUM(v) AS s FROM ks WHERE k > 0 GROUP BY k ORDER BY k');
    expect((await db.query('EXECUTE ga')).results).toEqual([
      { k: 1, s: 40 },
      { k: 2, s: null },
      { k: 3, s: null },
      { k: 'a', s: 1 },
    ]);
  });
});

describe('IndexCountDistinctScan2 and CountScan', () => {
  it('COUNT(DISTINCT leading key) from the index: NULL not counted', async () => {
    const q = 'SELECT COUNT(DISTINCT k) AS c FROM ks WHERE k IS NOT MISSING';
    const p = await plan(q);
    expect(operatorNames(p)).toEqual(['Sequence', 'IndexCountDistinctScan2', 'IndexCountProject']);
    expect((p['~children'] as Node[])[0].covers).toEqual(['cover ((`ks`.`k`))', 'cover ((`ks`.`v`))', 'cover ((meta(`ks`).`id`))', 'cover (count(distinct (`ks`.`k`)))']);
    expect(await rows(q)).toEqual([{ c: 4 }]);
    expect(await rows('SELECT COUNT(DISTINCT k) AS c FROM ks WHERE k IS NOT NULL')).toEqual([{ c: 4 }]);
    expect(await rows('SELECT RAW COUNT(DISTINCT k) FROM ks WHERE k >= 1')).toEqual([4]);
  });

  it('COUNT(*) over an ANY an array index decides: IndexCountScan2, each document once', async () => {
    const tg = await Database.open();
    try {
      await tg.load(
        'tg',
        [
          { id: 't0', tags: ['red', 'apple', 'pie'] },
          { id: 't1', tags: ['green', 'apple'] },
          { id: 't2', tags: ['red', 'red', 'wine'] },
          { id: 't3', tags: 'red' },
          { id: 't4', tags: null },
          { id: 't5' },
        ],
        { key: '%id%' },
      );
      await tg.query('CREATE INDEX itags ON tg(ALL ARRAY v FOR v IN tags END)');
      const q = "SELECT COUNT(*) AS n FROM tg WHERE ANY v IN tags SATISFIES v = 'red' END";
      const p = ((await tg.query('EXPLAIN ' + q)).results[0] as Node).plan as Node;
      expect(operatorNames(p)).toEqual(['Sequence', 'IndexCountScan2', 'IndexCountProject']);
      expect((await tg.query(q)).results).toEqual([{ n: 2 }]);
      expect((await tg.query("SELECT COUNT(*) AS n FROM tg WHERE ANY v IN tags SATISFIES v IN ['red', 'apple'] END")).results).toEqual([{ n: 3 }]);
      expect((await tg.query("SELECT COUNT(*) AS n FROM tg WHERE ANY v IN tags SATISFIES v >= 'b' END")).results).toEqual([{ n: 3 }]);
    } finally {
      await tg.close();
    }
  });

  it('COUNT(*) of the whole keyspace from its count', async () => {
    const q = 'SELECT COUNT(*) AS c, COUNT(1) AS d FROM ks';
    expect(operatorNames(await plan(q))).toEqual(['Sequence', 'CountScan', 'IndexCountProject']);
    expect(await rows(q)).toEqual([{ c: 9, d: 9 }]);
    // COUNT(DISTINCT 1) is 1, not the count: a group counts it.
    expect(operatorNames(await plan('SELECT COUNT(DISTINCT 1) AS c FROM ks'))).not.toContain('CountScan');
    expect(await rows('SELECT COUNT(DISTINCT 1) AS c FROM ks')).toEqual([{ c: 1 }]);
  });

  it('PREPARE / EXECUTE runs them', async () => {
    await db.query('PREPARE cds FROM SELECT COUNT(DISTINCT k) AS c FROM ks WHERE k IS NOT MISSING');
    await db.query('PREPARE cs FROM SELECT COUNT(*) AS c FROM ks');
    await db.query('PREPARE pga FROM SELECT MIN(META().id) AS m FROM ks');
    expect((await db.query('EXECUTE cds')).results).toEqual([{ c: 4 }]);
    expect((await db.query('EXECUTE cs')).results).toEqual([{ c: 9 }]);
    expect((await db.query('EXECUTE pga')).results).toEqual([{ m: 'd0' }]);
  });
});
