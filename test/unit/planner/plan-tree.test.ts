/**
 * The operator tree is the program (issue 19 §1): EXPLAIN prints the tree the executor runs,
 * in the reference's shape, with expression subqueries planned under `~subqueries`; PREPARE
 * encodes the same tree. Expected shapes are the reference's answers (n1ql-reference, cbq-engine
 * at 3582af6c) to the same statements, trimmed to the fields tokenql prints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';
import { decodePlan } from '../../../src/planner/plan-codec.js';

type Node = Record<string, Value>;
const ops = (n: Value): string[] => ((n as Node)['~children'] as Node[]).map((c) => c['#operator'] as string);

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('ks', [{ id: 1, x: 2, a: [1, 2] }], { key: '%id%' });
});
afterAll(async () => db.close());

describe('EXPLAIN shows the operator tree', () => {
  it('SELECT … WHERE … ORDER BY … LIMIT … OFFSET: the block in a Sequence, then Order (with limit and offset) and Limit', async () => {
    const row = (await db.query('EXPLAIN SELECT x FROM ks WHERE x > 1 ORDER BY x LIMIT 2 OFFSET 1')).results[0] as Node;
    const plan = row.plan as Node;
    expect(ops(plan)).toEqual(['Sequence', 'Order', 'Limit']);
    expect(ops((plan['~children'] as Node[])[0])).toEqual(['PrimaryScan3', 'Fetch', 'Parallel']);
    const order = (plan['~children'] as Node[])[1];
    expect(order).toEqual({ '#operator': 'Order', flags: 6, limit: '2', offset: '1', sort_terms: [{ expr: '`x`' }] });
    const fetch = ((plan['~children'] as Node[])[0]['~children'] as Node[])[1];
    expect(fetch.early_projection).toEqual(['x']);
  });

  it('GROUP BY: InitialGroup in the per-row Parallel, IntermediateGroup, FinalGroup, then HAVING and the projection', async () => {
    const plan = (await db.explain('SELECT COUNT(*) FROM ks u UNNEST u.a b LET z = 1 GROUP BY u.x HAVING COUNT(*) > 1')) as Node;
    expect(ops(plan)).toEqual(['PrimaryScan3', 'Fetch', 'Parallel', 'IntermediateGroup', 'FinalGroup', 'Parallel']);
    const children = plan['~children'] as Node[];
    expect(ops(children[2]['~child'])).toEqual(['Unnest', 'Let', 'InitialGroup']);
    expect(children[3]).toEqual({ '#operator': 'IntermediateGroup', aggregates: ['count(*)'], group_keys: ['(`u`.`x`)'] });
    expect(ops(children[5]['~child'])).toEqual(['Filter', 'InitialProject']);
    expect(children[1]).toMatchObject({ '#operator': 'Fetch', as: 'u', early_projection: ['a', 'x'] });
  });

  it('INTERSECT ALL / EXCEPT are binary operators with first and second', async () => {
    const plan = (await db.explain('SELECT x FROM ks INTERSECT ALL SELECT x FROM ks EXCEPT SELECT 1 AS x')) as Node;
    expect(plan['#operator']).toBe('ExceptAll');
    expect(plan.distinct).toBe(true);
    expect((plan.first as Node)['#operator']).toBe('IntersectAll');
    expect((plan.first as Node).distinct).toBeUndefined();
  });

  it('a FROM subquery is its plan followed by Alias', async () => {
    const plan = (await db.explain('SELECT y FROM (SELECT x FROM ks) AS y')) as Node;
    expect(ops(plan)).toEqual(['Sequence', 'Alias', 'Parallel']);
    expect((plan['~children'] as Node[])[1]).toEqual({ '#operator': 'Alias', as: 'y' });
  });

  it('expression subqueries are planned under ~subqueries, correlated or not', async () => {
    const row = (await db.query('EXPLAIN SELECT x, (SELECT RAW 1) AS s FROM ks USE KEYS ["1"] WHERE x IN (SELECT RAW u.x FROM ks u WHERE u.x = ks.x) OFFSET 2')).results[0] as Node;
    expect(ops(row.plan)).toEqual(['Sequence', 'Offset']);
    const subs = row['~subqueries'] as Node[];
    expect(subs.map((s) => s.correlated)).toEqual([true, false]);
    expect(ops(subs[0].plan)).toEqual(['PrimaryScan3', 'Fetch', 'Parallel']);
    expect(ops(subs[1].plan)).toEqual(['DummyScan', 'Parallel']);
    expect((subs[1].plan as Node)['~children']).toContainEqual(expect.objectContaining({ '#operator': 'Parallel', maxParallelism: 1 }));
    expect((await db.query('SELECT x, (SELECT RAW 1) AS s FROM ks USE KEYS ["1"] WHERE x IN (SELECT RAW u.x FROM ks u WHERE u.x = ks.x)')).results).toEqual([{ x: 2, s: [1] }]);
  });

  it('DML: the scan, the Parallel of Fetch and Filter, Limit, then Clone/Set/Unset/SendUpdate', async () => {
    const plan = (await db.explain('UPDATE ks SET x = 1 UNSET y WHERE x = 2 LIMIT 1')) as Node;
    expect(ops(plan)).toEqual(['PrimaryScan3', 'Parallel', 'Limit', 'Parallel']);
    expect(ops((plan['~children'] as Node[])[1]['~child'])).toEqual(['Fetch', 'Filter']);
    expect(ops((plan['~children'] as Node[])[3]['~child'])).toEqual(['Clone', 'Set', 'Unset', 'SendUpdate']);
    const ins = (await db.explain("INSERT INTO ks (KEY, VALUE) VALUES ('a', 1) RETURNING *")) as Node;
    expect(ops(ins)).toEqual(['ValueScan', 'Parallel']);
    expect(ops((ins['~children'] as Node[])[1]['~child'])).toEqual(['SendInsert', 'InitialProject']);
  });

  it('PREPARE encodes the tree and its subqueries; EXECUTE runs the decoded tree', async () => {
    const p = (await db.query('PREPARE q FROM SELECT RAW (SELECT RAW COUNT(*) FROM ks AS k2)[0] + x FROM ks')).results[0] as Node;
    const decoded = decodePlan(p.encoded_plan as string);
    expect(decoded.plan['#operator']).toBe('Sequence');
    expect(decoded['~subqueries']).toHaveLength(1);
    expect((await db.query('EXECUTE q')).results).toEqual([3]);
  });
});

describe('COUNT(*) from the index alone (issue 19 §4)', () => {
  it('plans IndexCountScan2 + IndexCountProject when the spans of a scalar index decide the WHERE, and counts as a full scan does', async () => {
    const withIndex = await Database.open();
    const plain = await Database.open();
    // g = i % 10 for i in 0…999: 100 documents per value.
    const docs = Array.from({ length: 1000 }, (_, i) => ({ i, g: i % 10 }));
    for (const d of [withIndex, plain]) await d.load('ks', docs, { key: 'k%i%' });
    await withIndex.query('CREATE INDEX ig ON ks(g)');
    const plan = (await withIndex.explain('SELECT COUNT(*) AS n FROM ks WHERE g >= 7')) as Node;
    expect(ops(plan)).toEqual(['IndexCountScan2', 'IndexCountProject']);
    expect((plan['~children'] as Node[])[0].covers).toEqual(['cover ((`ks`.`g`))', 'cover ((meta(`ks`).`id`))', 'cover (count(*))']);
    for (const q of ['SELECT COUNT(*) AS n FROM ks WHERE g >= 7', 'SELECT RAW COUNT(*) FROM ks WHERE g IN [1, 2]', 'SELECT COUNT(*) FROM ks WHERE g = 3']) {
      expect((await withIndex.query(q)).results).toEqual((await plain.query(q)).results);
    }
    expect((await withIndex.query('SELECT COUNT(*) AS n FROM ks WHERE g >= 7')).results).toEqual([{ n: 300 }]);
    // A parameter bound could be an array at run time: the documents are fetched and filtered.
    expect(JSON.stringify(await withIndex.explain('SELECT COUNT(*) FROM ks WHERE g = $p'))).not.toContain('IndexCountScan2');
    expect((await withIndex.query('SELECT RAW COUNT(*) FROM ks WHERE g = $p', { params: { p: 4 } })).results).toEqual([100]);
    await withIndex.close();
    await plain.close();
  });
});
