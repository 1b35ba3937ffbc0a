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
    expect(plan.kind).toBe('Select');
    expect(encodePlan(plan)).toBe(p.encoded_plan);
    expect((await db.query('EXECUTE byToken', { params: { tok: 'Hotel' } })).results.sort()).toEqual(['k1', 'k2']);
    await db.query('DROP INDEX ix ON t');
    expect((await db.query('EXECUTE byToken', { params: { tok: 'Inn' } })).results).toEqual(['k3']);
    await db.close();
  });

  it('rejects an encoded plan it cannot read with 4070', () => {
    expect(() => decodePlan('not a plan')).toThrow(QueryError);
    expect(() => decodePlan(Buffer.from('{"version": 99, "plan": {}}').toString('base64'))).toThrow(expect.objectContaining({ code: 4070 }));
  });
});
