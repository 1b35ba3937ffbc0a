/**
 * The plan of MERGE (issue 21 "the plan is the program"): EXPLAIN shows the source's scan, the
 * ANSI merge's join to the target (HashJoin under a hash hint, as the reference suite's
 * case_merge_joinhint.json checks; NestedLoopJoin over an index of the target otherwise), and
 * the Merge operator with its update / delete / insert branches (couchbase/query
 * `plan/merge.go`); PREPARE encodes it and EXECUTE runs it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('t');
  await db.upsert('t', 'a', { k: 1, v: 1 });
  await db.upsert('t', 'b', { k: 2, v: 2 });
});
afterEach(() => db.close());

const explain = async (s: string) => (await db.query(`EXPLAIN ${s}`)).results[0] as { plan: Record<string, unknown>; optimizer_hints?: unknown };
const names = (op: unknown): string[] => {
  const o = op as Record<string, unknown>;
  const kids = [...((o['~children'] as unknown[]) ?? []), ...(o['~child'] ? [o['~child']] : []), ...['update', 'delete', 'insert'].flatMap((k) => (o[k] ? [o[k]] : []))];
  return [o['#operator'] as string, ...kids.flatMap(names)];
};

describe('MERGE plan', () => {
  it('lookup merge: the source scan, then a Parallel of Merge (key, filters, branches) and the projection', async () => {
    // The reference's EXPLAIN of this statement (n1ql-reference), without its execution notes
    // (can_spill, fast_discard, uncorrelated).
    const { plan } = await explain('MERGE INTO t USING [{"k": "a"}] AS s ON KEY s.k WHEN MATCHED THEN UPDATE SET t.v = 9 WHERE 0 < t.v WHEN NOT MATCHED THEN INSERT {"v": 0} RETURNING META(t).id');
    expect(plan).toEqual({
      '#operator': 'Sequence',
      '~children': [
        { '#operator': 'ExpressionScan', alias: 's', expr: '[{"k": "a"}]' },
        {
          '#operator': 'Parallel',
          '~child': {
            '#operator': 'Sequence',
            '~children': [
              {
                '#operator': 'Merge',
                insert: { '#operator': 'SendInsert', alias: 't', key: '(`s`.`k`)', keyspace: 't', namespace: 'default', value: '{"v": 0}' },
                key: '(`s`.`k`)',
                keyspace: 't',
                namespace: 'default',
                update: {
                  '#operator': 'Sequence',
                  '~children': [
                    { '#operator': 'Clone' },
                    { '#operator': 'Set', set_terms: [{ path: '(`t`.`v`)', value: '9' }] },
                    { '#operator': 'SendUpdate', alias: 't', keyspace: 't', namespace: 'default' },
                  ],
                },
                update_filter: '(0 < (`t`.`v`))',
              },
              { '#operator': 'InitialProject', discard_original: true, preserve_order: true, result_terms: [{ expr: '(meta(`t`).`id`)' }] },
            ],
          },
        },
      ],
    });
  });

  it('ANSI merge: a LEFT OUTER join of the target — HashJoin under a hash hint, NestedLoopJoin over its index', async () => {
    const m = (hint: string) => `MERGE INTO t USING [{"k": 1}] AS s ${hint} ON t.k = s.k WHEN MATCHED THEN DELETE`;
    for (const hint of ['USE HASH(build)', 'USE HASH(probe)']) expect(names((await explain(m(hint))).plan), hint).toContain('HashJoin');
    // The reference names the source's hint as written: {"hints_followed":["USE_HASH(`s`/PROBE)"]}.
    expect((await explain(m('USE HASH(probe)'))).optimizer_hints).toEqual({ hints_followed: ['USE_HASH(`s`/PROBE)'] });
    await db.query('CREATE INDEX ix_k ON t(k)');
    const ops = names((await explain(m(''))).plan);
    expect(ops).toContain('NestedLoopJoin');
    expect(ops).toContain('IndexScan3');
    expect(ops).toContain('Merge');
    expect((await db.query(m(''))).metrics.mutationCount).toBe(1);
  });

  it('PREPARE encodes it and EXECUTE runs it (each run decides on the documents as they are then)', async () => {
    await db.query('PREPARE pm FROM MERGE INTO t USING [{"k": "a"}] AS s ON KEY s.k WHEN MATCHED THEN UPDATE SET t.v = t.v * 10 RETURNING RAW t.v');
    expect((await db.query('EXECUTE pm')).results).toEqual([10]);
    expect((await db.query('EXECUTE pm')).results).toEqual([100]);
  });
});
