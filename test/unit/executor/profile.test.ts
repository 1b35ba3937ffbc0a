/**
 * `profile: "phases"` (the reference's profile=phases): phase times of the pipeline and, per
 * operator phase, the rows produced (`phaseCounts`) and the operators run (`phaseOperators`).
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

describe('QueryOptions.profile', () => {
  it('reports phase times and per-operator counts, and nothing when off', async () => {
    const db = await Database.open();
    await db.load('t', [{ n: 1 }, { n: 2 }, { n: 3 }], { key: 'k#MONO_INCR#' });
    await db.query('CREATE INDEX ix ON t(n)');
    const r = await db.query('SELECT t.* FROM t WHERE n >= 2 ORDER BY n DESC', { profile: 'phases' });
    expect(r.results).toEqual([{ n: 3 }, { n: 2 }]);
    expect(Object.keys(r.profile!.phaseTimes)).toEqual(['parse', 'semantic', 'plan', 'run']);
    // The spans decide the WHERE: the Filter passes the scan's rows (its filter_covers); then a sort.
    expect(r.profile!.phaseCounts).toEqual({ indexScan: 2, fetch: 2, filter: 2, project: 2, sort: 2 });
    expect(r.profile!.phaseOperators).toEqual({ indexScan: 1, fetch: 1, filter: 1, project: 1, sort: 1 });
    expect((await db.query('SELECT 1')).profile).toBeUndefined();
    await db.close();
  });

  it('counts the operators of a subquery each time it runs', async () => {
    const db = await Database.open();
    const r = await db.query('SELECT a, (SELECT RAW b FROM [1, 2] AS b WHERE b <= a) AS s FROM [1, 2, 3] AS a', { profile: 'phases' });
    expect(r.results).toEqual([
      { a: 1, s: [1] },
      { a: 2, s: [1, 2] },
      { a: 3, s: [1, 2] },
    ]);
    expect(r.profile!.phaseOperators).toEqual({ exprScan: 4, filter: 3, project: 4 });
    expect(r.profile!.phaseCounts).toEqual({ exprScan: 9, filter: 5, project: 8 });
    await db.close();
  });
});

/** The `#stats` of every operator of a profiled plan, in plan order: `[#operator, #itemsIn, #itemsOut, #runs]`. */
function operatorStats(plan: unknown, out: [string, number | undefined, number, number | undefined][] = []): typeof out {
  if (Array.isArray(plan)) plan.forEach((p) => operatorStats(p, out));
  else if (plan !== null && typeof plan === 'object') {
    const o = plan as Record<string, unknown>;
    const s = o['#stats'] as { '#itemsIn'?: number; '#itemsOut': number; '#runs'?: number; execTime: string } | undefined;
    if (typeof o['#operator'] === 'string' && s) {
      expect(s.execTime).toMatch(/^[0-9.]+ms$/);
      out.push([o['#operator'], s['#itemsIn'], s['#itemsOut'], s['#runs']]);
    }
    for (const k of ['~children', '~child', 'first', 'second']) if (k in o) operatorStats(o[k], out);
  }
  return out;
}

describe('QueryOptions.profile = "timings"', () => {
  it('gives the executed plan with rows in and out and the exclusive time of each operator', async () => {
    const db = await Database.open();
    await db.load('t', Array.from({ length: 50 }, (_, i) => ({ x: i })), { key: 'k#MONO_INCR#' });
    const r = await db.query('SELECT x FROM t WHERE x > 10 ORDER BY x LIMIT 3', { profile: 'timings' });
    expect(r.results).toEqual([{ x: 11 }, { x: 12 }, { x: 13 }]);
    expect(r.profile!.phaseCounts).toEqual({ primaryScan: 50, fetch: 50, filter: 39, project: 39, sort: 3 });
    expect(operatorStats(r.profile!.executionTimings)).toEqual([
      ['Sequence', undefined, 3, undefined],
      ['Sequence', undefined, 39, undefined],
      ['PrimaryScan3', undefined, 50, undefined],
      ['Fetch', 50, 50, undefined],
      ['Parallel', 50, 39, undefined],
      ['Sequence', 50, 39, undefined],
      ['Filter', 50, 39, undefined],
      ['InitialProject', 39, 39, undefined],
      ['Order', 39, 3, undefined],
      ['Limit', 3, 3, undefined],
    ]);
    // Exclusive times: no operator's time includes its inputs', so they add up to at most the run.
    const total = JSON.stringify(r.profile!.executionTimings).match(/"execTime":"([0-9.]+)ms"/g)!.reduce((n, m) => n + Number(/([0-9.]+)ms/.exec(m)![1]), 0);
    expect(total).toBeLessThanOrEqual(Number(r.profile!.phaseTimes.run!.replace('ms', '')) + 0.5);
    expect((await db.query('SELECT 1', { profile: 'phases' })).profile!.executionTimings).toBeUndefined();
    await db.close();
  });

  it('counts the runs of a correlated subquery\'s operators', async () => {
    const db = await Database.open();
    const r = await db.query('SELECT a, (SELECT RAW b FROM [1, 2] AS b WHERE b <= a) AS s FROM [1, 2, 3] AS a', { profile: 'timings' });
    expect(operatorStats(r.profile!.executionTimings)).toContainEqual(['ExpressionScan', undefined, 3, undefined]);
    // The subquery ran once per outer row: 3 runs, 2 + 2 + 2 rows scanned, 1 + 2 + 2 kept.
    const sub = (r.profile!.executionTimings as { '~subqueries': { plan: unknown }[] })['~subqueries'];
    const inner = operatorStats(sub.map((s) => s.plan));
    expect(inner).toContainEqual(['ExpressionScan', undefined, 6, 3]);
    expect(inner).toContainEqual(['Filter', 6, 5, 3]);
    await db.close();
  });
});
