import { describe, expect, it } from 'vitest';
import { Database, QueryError, type Value } from '../../../src/index.js';
import { decodePlan, encodePlan } from '../../../src/planner/plan-codec.js';

describe('PREPARE / EXECUTE with a serialised plan', () => {
  it('encodes the plan, runs the decoded plan, and re-plans when its index is dropped', async () => {
    const db = await Database.open();
    await db.load('t', [{ name: 'Grand Hotel Paris' }, { name: 'Hotel Lyon' }, { name: 'Inn' }], { key: 'k#MONO_INCR#' });
    await db.query('CREATE INDEX ix ON t(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    const p = (await db.query('PREPARE byToken FROM SELECT RAW META().id FROM t WHERE ANY v IN TOKENS(name) SATISFIES v = $tok END')).results[0] as Record<string, Value>;
    expect(p.name).toBe('byToken');
    expect(JSON.stringify(p.operator)).toContain('"IndexScan3"');
    const plan = decodePlan(p.encoded_plan as string);
    expect(plan.plan['#operator']).toBe('Sequence');
    expect(encodePlan(plan)).toBe(p.encoded_plan);
    expect((await db.query('EXECUTE byToken', { params: { tok: 'Hotel' } })).results.sort()).toEqual(['k1', 'k2']);
    await db.query('DROP INDEX ix ON t');
    expect((await db.query('EXECUTE byToken', { params: { tok: 'Inn' } })).results).toEqual(['k3']);
    await db.close();
  });

  it('re-plans when an index it scans was dropped and created again under the same name (audit bug 7)', async () => {
    const db = await Database.open();
    await db.createKeyspace('ks');
    await db.query('INSERT INTO ks (KEY, VALUE) VALUES ("x1", {"a": 1, "b": 2}), ("x2", {"a": 2, "b": 1})');
    await db.query('CREATE INDEX ix ON ks(a)');
    await db.query('PREPARE p1 FROM SELECT META().id, a FROM ks WHERE a = 1');
    await db.query('PREPARE p2 FROM SELECT RAW META().id FROM ks WHERE a = 1');
    // x1 is the only document with a = 1 (as a full scan finds it), whatever the indexes.
    const expected = [{ id: 'x1', a: 1 }];
    expect((await db.query('EXECUTE p1')).results).toEqual(expected);
    await db.query('DROP INDEX ks.ix');
    await db.query('CREATE INDEX ix ON ks(b)');
    expect((await db.query('EXECUTE p1')).results).toEqual(expected);
    // p2 was not executed between the DROP and the CREATE: its plan's index id still differs.
    expect((await db.query('EXECUTE p2')).results).toEqual(['x1']);
    // Re-created with the original key: the statement still runs (planned again on the new index).
    await db.query('DROP INDEX ks.ix');
    await db.query('CREATE INDEX ix ON ks(a)');
    expect((await db.query('EXECUTE p1')).results).toEqual(expected);
    expect(JSON.stringify(await db.explain('SELECT META().id, a FROM ks WHERE a = 1'))).toContain('"IndexScan3"');
    await db.close();
  });

  it('rejects an encoded plan it cannot read with 4070', () => {
    expect(() => decodePlan('not a plan')).toThrow(QueryError);
    expect(() => decodePlan(Buffer.from('{"version": 99, "plan": {}}').toString('base64'))).toThrow(expect.objectContaining({ code: 4070 }));
  });
});
