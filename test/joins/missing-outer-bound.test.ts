import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';

/**
 * A nested-loop join over an index of the inner side whose span bounds are the outer row's
 * values (src/executor/operators/key-source.ts evaluateSpan): an outer value that is MISSING or
 * NULL matches nothing (no comparison with it is true), so its span holds nothing and the inner
 * index is not walked for it. Before, a MISSING bound was an open bound and each such outer row
 * read the whole composite index. The counts are n1ql-reference's answers on the same documents
 * (no index there); the index reads are the plan's own counts (`profile: 'phases'`).
 */
const outer = Array.from({ length: 30 }, (_, k) => (k % 3 === 1 ? { n: k, a: k % 10, b: 1 } : k % 3 === 2 ? { n: k, a: null, b: 1 } : { n: k }));
const inner = Array.from({ length: 60 }, (_, k) => ({ a: k % 10, b: k % 2 }));

describe('index nested-loop join: MISSING and NULL outer values', () => {
  let db: Database;
  beforeAll(async () => {
    db = await Database.open();
    await db.createKeyspace('o');
    await db.createKeyspace('i');
    for (const [k, d] of outer.entries()) await db.upsert('o', `o${k}`, d);
    for (const [k, d] of inner.entries()) await db.upsert('i', `i${k}`, d);
    await db.query('CREATE INDEX ix_ab ON i(a, b)');
  });
  afterAll(() => db.close());

  it('an equality span on two keys reads only the matching entries', async () => {
    const q = 'SELECT COUNT(*) AS n FROM o JOIN i ON i.a = o.a AND i.b = o.b';
    expect(JSON.stringify((await db.query(`EXPLAIN ${q}`)).results)).toContain('"index":"ix_ab"');
    const r = await db.query(q, { profile: 'phases' });
    expect(r.results).toEqual([{ n: 30 }]);
    // 10 outer rows match 3 entries each; the 10 MISSING and 10 NULL rows read none (before: 60 each for MISSING).
    expect((r.profile as { phaseCounts: Record<string, number> }).phaseCounts.indexScan).toBe(30);
  });

  it('keeps the rows of LEFT joins, ranges and BETWEEN', async () => {
    expect((await db.query('SELECT COUNT(*) AS n FROM o LEFT JOIN i ON i.a = o.a AND i.b = o.b')).results).toEqual([{ n: 55 }]);
    expect((await db.query('SELECT COUNT(*) AS n FROM o JOIN i ON i.a > o.a AND i.b = 1')).results).toEqual([{ n: 150 }]);
    expect((await db.query('SELECT COUNT(*) AS n FROM o JOIN i ON i.a BETWEEN o.a AND o.a + 2')).results).toEqual([{ n: 162 }]);
  });

  it('a NULL parameter as a span bound matches nothing', async () => {
    expect((await db.query('SELECT COUNT(*) AS n FROM i WHERE a = $v AND b = 1', { params: { v: null } })).results).toEqual([{ n: 0 }]);
    expect((await db.query('SELECT COUNT(*) AS n FROM i WHERE a IN [1, $v]', { params: { v: null } })).results).toEqual([{ n: 6 }]);
  });
});
