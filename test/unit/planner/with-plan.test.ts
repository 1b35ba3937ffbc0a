/**
 * The plan of WITH and WITH RECURSIVE (the plan is the program): a `With` operator with its
 * bindings over the rest of the statement, as the reference's EXPLAIN prints it (shapes asked of
 * n1ql-reference: `bindings` with `alias`/`expr`, a recursive one with `rexpr`, `is_union`,
 * `config`, `cycle`; `recursive`; `~child`; the FROM term of a WITH alias an `ExpressionScan`
 * with `uncorrelated`; the recursive clause a correlated subquery). PREPARE keeps it through the
 * plan encoding, and a runaway recursion stops at the request's signal or memory quota.
 */
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

type Plan = { plan: Record<string, unknown>; '~subqueries': { correlated: boolean; subquery: string }[] };

async function explain(db: Database, q: string): Promise<Plan> {
  return (await db.query(`EXPLAIN ${q}`)).results[0] as Plan;
}

describe('With operator', () => {
  it('prints bindings over the child plan, as the reference', async () => {
    const db = await Database.open();
    const p = await explain(db, 'WITH a AS ([1,2,3]), b AS (SELECT RAW x FROM a x WHERE x > 1) SELECT c1, b FROM a AS c1');
    expect(p.plan['#operator']).toBe('With');
    expect(p.plan.recursive).toBe(false);
    expect(p.plan.bindings).toEqual([
      { alias: 'a', expr: '[1, 2, 3]' },
      { alias: 'b', expr: '(select raw `x` from (`a`) as `x` where (1 < `x`))' },
    ]);
    const child = p.plan['~child'] as { '~children': Record<string, unknown>[] };
    expect(child['~children'][0]).toEqual({ '#operator': 'ExpressionScan', alias: 'c1', expr: '`a`', uncorrelated: true });
    expect(p['~subqueries'].map((s) => s.correlated)).toEqual([false]);
  });

  it('prints a recursive binding with its anchor, recursive clause, OPTIONS and CYCLE', async () => {
    const db = await Database.open();
    const p = await explain(db, 'WITH RECURSIVE cte AS (SELECT 1 r UNION SELECT cte.r+1 r FROM cte WHERE cte.r<3) CYCLE r RESTRICT OPTIONS {"levels": 4} SELECT cte.* FROM cte');
    expect(p.plan.recursive).toBe(true);
    expect(p.plan.bindings).toEqual([
      {
        alias: 'cte',
        config: { levels: 4 },
        cycle: { cycle: ['`r`'] },
        expr: '(select 1 as `r`)',
        is_union: true,
        rexpr: 'correlated (select ((`cte`.`r`) + 1) as `r` from (`cte`) where ((`cte`.`r`) < 3))',
      },
    ]);
    // The anchor runs once; the recursive clause once per level (correlated), as the reference's.
    expect(p['~subqueries'].map((s) => s.correlated)).toEqual([false, true]);
  });

  it('a WITH in a parenthesised set operand is a With over that operand', async () => {
    const db = await Database.open();
    const p = await explain(db, 'WITH cte AS (SELECT 1 AS a) SELECT cte.a FROM cte UNION ALL (WITH cte2 AS (SELECT 2 AS b) SELECT cte2.b FROM cte2)');
    const union = p.plan['~child'] as { '#operator': string; '~children': { '#operator': string }[] };
    expect(union['#operator']).toBe('UnionAll');
    expect(union['~children'][1]['#operator']).toBe('With');
    expect((await db.query('WITH cte AS (SELECT 1 AS a) SELECT cte.a FROM cte UNION ALL (WITH cte2 AS (SELECT 2 AS b) SELECT cte2.b FROM cte2)')).results).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('PREPARE keeps the With through the plan encoding', async () => {
    const db = await Database.open();
    await db.query('PREPARE p1 FROM WITH RECURSIVE cte AS (SELECT 1 r UNION ALL SELECT cte.r+1 r FROM cte WHERE cte.r < $n) SELECT RAW r FROM cte');
    expect((await db.query('EXECUTE p1', { params: { n: 4 } })).results).toEqual([1, 2, 3, 4]);
    expect((await db.query('EXECUTE p1', { params: { n: 2 } })).results).toEqual([1, 2]);
  });

  it('an unbounded recursion stops at the signal, and at the memory quota', async () => {
    const db = await Database.open();
    const q = 'WITH RECURSIVE r AS (SELECT 1 n UNION ALL SELECT r.n + 1 n FROM r) OPTIONS {"levels": -1} SELECT COUNT(*) AS c FROM r';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const started = performance.now();
    const err = await db.query(q, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).code).toBe(1080);
    expect(performance.now() - started).toBeLessThan(2000);
    const quota = await db.query(q, { memoryQuotaBytes: 100_000 }).catch((e: unknown) => e);
    expect((quota as QueryError).code).toBe(5500);
  });
});
