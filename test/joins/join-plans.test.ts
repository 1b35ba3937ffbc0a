import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../src/index.js';
import type { Value } from '../../src/values/index.js';

/**
 * The planner's choice of join operator and the EXPLAIN shapes, as the reference names and
 * shapes them (n1ql-reference EXPLAIN answers for the primary-scan plans; the reference's
 * gsi/cover and ansijoin cases for the index ones): lookup `Join`/`Nest` with `on_keys`;
 * `HashJoin` with build/probe aliases and expressions; `NestedLoopJoin` over an `IndexScan3`
 * whose spans are the outer row's values (token indexes included); `IndexJoin` with `for`;
 * `optimizer_hints` for followed / not followed / erroneous hints.
 */
type Op = { '#operator': string; [k: string]: Value };

function ops(plan: Value): Op[] {
  const out: Op[] = [];
  const walk = (v: Value): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      if (typeof v['#operator'] === 'string') out.push(v as Op);
      Object.values(v).forEach(walk);
    }
  };
  walk(plan);
  return out;
}

describe('join plans', () => {
  let db: Database;
  const explain = async (q: string) => (await db.query(`EXPLAIN ${q}`)).results[0] as { plan: Value; optimizer_hints?: Record<string, string[]> };
  const op = async (q: string, name: string) => ops((await explain(q)).plan).find((o) => o['#operator'] === name);

  beforeAll(async () => {
    db = await Database.open();
    for (const ks of ['a', 'b']) await db.createKeyspace(ks);
    await db.load('a', [{ id: 'a1', x: 1, k: 'b1', word: 'grand' }], { key: '%id%' });
    await db.load('b', [{ id: 'b1', y: 1, name: 'Grand Hotel', docid: 'a1' }], { key: '%id%' });
  });
  afterAll(() => db.close());

  it('lookup Join / Nest', async () => {
    expect(await op('SELECT * FROM a JOIN b ON KEYS a.k', 'Join')).toEqual({ '#operator': 'Join', keyspace: 'b', namespace: 'default', on_keys: '(`a`.`k`)' });
    expect(await op('SELECT * FROM a LEFT NEST b AS c ON KEYS a.k', 'Nest')).toEqual({ '#operator': 'Nest', as: 'c', keyspace: 'b', namespace: 'default', on_keys: '(`a`.`k`)', outer: true });
  });

  it('HashJoin on an equi-join without an index; USE HASH names the build side', async () => {
    const h = await op('SELECT * FROM a JOIN b USE HASH(build) ON a.x = b.y', 'HashJoin');
    expect(h).toMatchObject({ build_aliases: ['b'], build_exprs: ['(`b`.`y`)'], on_clause: '((`a`.`x`) = (`b`.`y`))', probe_aliases: ['a'], probe_exprs: ['(`a`.`x`)'] });
    const p = await op('SELECT * FROM a JOIN b USE HASH(probe) ON a.x = b.y', 'HashJoin');
    expect(p).toMatchObject({ build_aliases: ['a'], probe_aliases: ['b'] });
    expect(await op('SELECT * FROM a NEST b ON a.x = b.y', 'HashNest')).toMatchObject({ build_alias: 'b', probe_aliases: ['a'] });
  });

  it('a hint that cannot be followed is reported, and the rows are the same', async () => {
    const e = await explain('SELECT * FROM a LEFT NEST b USE HASH(probe) ON a.x = b.y');
    expect(e.optimizer_hints).toEqual({ hints_not_followed: ['USE_HASH(`b`/PROBE): USE_HASH hint cannot be followed'] });
    expect(ops(e.plan).some((o) => o['#operator'] === 'NestedLoopNest')).toBe(true);
    const { results } = await db.query('SELECT a.id, ARRAY_LENGTH(b) AS n FROM a LEFT NEST b USE HASH(probe) ON a.x = b.y');
    expect(results).toEqual([{ id: 'a1', n: 1 }]);
    expect((await explain('SELECT /*+ USE_HASH(b) */ a.id FROM a JOIN b USE NL ON a.x = b.y')).optimizer_hints).toEqual({
      hints_with_error: ['USE_HASH(`b`): Duplicated join hint specified for keyspace: b', 'USE_NL(`b`): Duplicated join hint specified for keyspace: b'],
    });
  });

  it('NestedLoopJoin over an IndexScan3 when ON gives spans on an inner index (token indexes too)', async () => {
    await db.query('CREATE INDEX ix_y ON b(y)');
    const nl = await op('SELECT * FROM a JOIN b ON a.x = b.y', 'NestedLoopJoin');
    const scan = ops(nl!).find((o) => o['#operator'] === 'IndexScan3');
    expect(scan).toMatchObject({ '#operator': 'IndexScan3', index: 'ix_y', spans: [{ range: [{ high: '(`a`.`x`)', inclusion: 3, index_key: '`y`', low: '(`a`.`x`)' }] }] });
    await db.query('CREATE INDEX ix_tok ON b(DISTINCT ARRAY t FOR t IN TOKENS(name, {"case":"lower"}) END)');
    const q = 'SELECT a.id, b.id AS bid FROM a JOIN b ON ANY t IN TOKENS(b.name, {"case":"lower"}) SATISFIES t = a.word END';
    const tok = await op(q, 'NestedLoopJoin');
    expect(JSON.stringify(tok)).toContain('ix_tok');
    expect((await db.query(q)).results).toEqual([{ id: 'a1', bid: 'b1' }]);
  });

  it('IndexJoin on ON KEY … FOR … (4100 without an index)', async () => {
    await expect(db.query('SELECT * FROM a JOIN b ON KEY b.docid FOR a')).rejects.toMatchObject({ code: 4100, message: 'No index available for join term b' });
    await db.query('CREATE INDEX ix_docid ON b(docid)');
    expect(await op('SELECT * FROM a JOIN b ON KEY b.docid FOR a', 'IndexJoin')).toMatchObject({ as: 'b', for: 'a', keyspace: 'b', on_key: '(`b`.`docid`)', scan: { index: 'ix_docid', using: 'gsi' } });
    expect((await db.query('SELECT a.id, b.id AS bid FROM a JOIN b ON KEY b.docid FOR a')).results).toEqual([{ id: 'a1', bid: 'b1' }]);
    expect((await db.query('SELECT a.id, b FROM a NEST b ON KEY b.docid FOR a')).results).toEqual([{ id: 'a1', b: [{ id: 'b1', y: 1, name: 'Grand Hotel', docid: 'a1' }] }]);
  });
});
