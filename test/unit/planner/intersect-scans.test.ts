/**
 * IntersectScan of several indexes when the chosen one neither covers nor serves every sargable
 * conjunct (planner/intersect-scans.ts; the reference suite's gsi/indexga intersectscan checks,
 * couchbase/query planner/build_select_scan.go). Expected rows are the reference's answers
 * (n1ql-reference, cbq-engine at 3582af6c, the same documents over its primary index).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, type Value } from '../../../src/index.js';

type Node = Record<string, Value>;

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('ks', Array.from({ length: 12 }, (_, i) => ({ id: `i${i}`, a: i % 3, b: i % 4, c: i })), { key: '%id%' });
  await db.query('CREATE INDEX ia ON ks(a)');
  await db.query('CREATE INDEX ib ON ks(b)');
  await db.query('CREATE INDEX iab ON ks(a, c)');
});
afterAll(async () => db.close());

/** The first key source of the plan: its operator and its scans' indexes. */
async function source(q: string): Promise<{ op: string; indexes: string[] }> {
  const plan = ((await db.query('EXPLAIN ' + q)).results[0] as Node).plan as Node;
  let found: Node | undefined;
  const walk = (v: Value): void => {
    if (found || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach(walk);
    const o = v as Node;
    if (['IntersectScan', 'OrderedIntersectScan', 'IndexScan3', 'UnionScan'].includes(o['#operator'] as string)) found = o;
    else Object.values(o).forEach(walk);
  };
  walk(plan);
  const scans = (found?.scans as Node[] | undefined) ?? (found ? [found] : []);
  return { op: found?.['#operator'] as string, indexes: scans.map((s) => s.index as string) };
}

describe('IntersectScan', () => {
  it('a = 1 AND b >= 2: the index on a and the one on b, intersected; the reference rows', async () => {
    const q = 'SELECT RAW META().id FROM ks WHERE a = 1 AND b >= 2 ORDER BY META().id';
    const s = await source(q);
    expect(s.op).toBe('IntersectScan');
    expect(s.indexes).toHaveLength(2);
    expect(s.indexes).toContain('ib');
    expect(await db.query(q).then((r) => r.results)).toEqual(['i10', 'i7']);
    expect(await db.query('SELECT a, COUNT(*) AS n FROM ks WHERE a = 1 AND b >= 2 GROUP BY a').then((r) => r.results)).toEqual([{ a: 1, n: 2 }]);
  });

  it('not when one index covers the query, nor when one serves every sargable conjunct', async () => {
    // iab covers a and c.
    expect((await source('SELECT c FROM ks WHERE a = 1 AND c >= 2')).op).toBe('IndexScan3');
    // Only `a` is sargable: ia and iab serve the same conjunct.
    expect((await source('SELECT b FROM ks WHERE a = 1')).op).toBe('IndexScan3');
  });

  it('ORDER BY b: the index on b first, an OrderedIntersectScan in its order (index_order, no Order); the reference rows in order', async () => {
    const q = 'SELECT RAW META().id FROM ks WHERE a = 1 AND b >= 2 ORDER BY b';
    expect((await source(q)).op).toBe('OrderedIntersectScan');
    expect((await source(q)).indexes[0]).toBe('ib');
    const plan = JSON.stringify(await db.query('EXPLAIN ' + q));
    expect(plan).not.toContain('"Order"');
    expect(plan).toContain('"index_order":[{"keypos":0}]');
    expect(await db.query(q).then((r) => r.results)).toEqual(['i10', 'i7']);
    // DESC is not the index's order: a plain IntersectScan and an Order.
    expect((await source(q + ' DESC')).op).toBe('IntersectScan');
    expect(await db.query(q + ' DESC').then((r) => r.results)).toEqual(['i7', 'i10']);
  });

  it('not with an index hint', async () => {
    expect(await source('SELECT c FROM ks USE INDEX (ia) WHERE a = 1 AND b >= 2')).toEqual({ op: 'IndexScan3', indexes: ['ia'] });
  });
});
