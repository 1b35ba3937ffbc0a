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
