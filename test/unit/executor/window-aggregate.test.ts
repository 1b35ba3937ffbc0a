/**
 * The WindowAggregate operator: its plan (an Order per sort the windows need, shared by windows
 * whose PARTITION BY and ORDER BY fit one sort, then one WindowAggregate per PARTITION BY length,
 * before the projection; the `aggregates` texts are the reference's EXPLAIN strings for the same
 * statement, asked of n1ql-reference), PREPARE/EXECUTE of it, and cancellation while it holds
 * and computes a million-row partition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { abortAfter, rejection } from '../../support/abort-after.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.load('t', [{ id: 1, p: 1, o: 1, x: 10 }, { id: 2, p: 1, o: 2, x: null }, { id: 3, p: 2, o: 1 }], { key: 't%id%' });
  await db.query('CREATE PRIMARY INDEX ON t');
});
afterAll(async () => {
  await db.close();
});

const STATEMENT = 'SELECT t.id, ROW_NUMBER() OVER (PARTITION BY t.p ORDER BY t.o) AS rn, SUM(t.x) OVER (PARTITION BY t.p) AS s, COUNT(1) OVER () AS c, RANK() OVER (ORDER BY t.o DESC) AS r FROM t ORDER BY t.id';

interface Op {
  '#operator': string;
  '~children'?: Op[];
  '~child'?: Op;
  aggregates?: string[];
  sort_terms?: { expr: string; desc?: boolean }[];
}

function flatten(op: Op): Op[] {
  return [op, ...(op['~children'] ?? []).flatMap(flatten), ...(op['~child'] ? flatten(op['~child']) : [])];
}

describe('WindowAggregate', () => {
  it('is planned as the reference plans it: shared sorts, longest PARTITION BY first, before InitialProject', async () => {
    const plan = (await db.query(`EXPLAIN ${STATEMENT}`)).results[0] as unknown as { plan: Op };
    const ops = flatten(plan.plan).filter((o) => ['Order', 'WindowAggregate', 'InitialProject'].includes(o['#operator']));
    expect(ops.map((o) => o['#operator'])).toEqual(['Order', 'WindowAggregate', 'Order', 'WindowAggregate', 'InitialProject', 'Order']);
    expect(ops[0]!.sort_terms).toEqual([{ expr: '(`t`.`p`)' }, { expr: '(`t`.`o`)' }]);
    // The reference's EXPLAIN strings.
    expect(ops[1]!.aggregates).toEqual(['row_number() OVER (PARTITION BY (`t`.`p`) ORDER BY (`t`.`o`))', 'sum((`t`.`x`)) OVER (PARTITION BY (`t`.`p`))']);
    expect(ops[3]!.aggregates).toEqual(['rank() OVER ( ORDER BY (`t`.`o`) DESC)', 'count(1) OVER ()']);
  });

  it('runs as the reference answers, also prepared', async () => {
    const expected = [
      { id: 1, rn: 1, s: 10, c: 3, r: 2 },
      { id: 2, rn: 2, s: 10, c: 3, r: 1 },
      { id: 3, rn: 1, s: null, c: 3, r: 2 },
    ];
    expect((await db.query(STATEMENT)).results).toEqual(expected);
    await db.query(`PREPARE win FROM ${STATEMENT}`);
    expect((await db.query('EXECUTE win')).results).toEqual(expected);
  });

  it('stops a million-row window within 100 ms of abort (1080), pausing while it reads and computes', async () => {
    const statement = 'SELECT MAX(s.w) AS m FROM (SELECT COUNT(b) OVER () + SUM(b) OVER (ORDER BY a ROWS 5 PRECEDING) AS w FROM ARRAY_RANGE(0,1000) a UNNEST ARRAY_RANGE(0,1000) b) AS s';
    const { result, settledAfterAbort } = await abortAfter((signal) => db.query(statement, { signal }), 300);
    expect(result.status).toBe('rejected');
    const err = rejection(result) as QueryError;
    expect(err).toBeInstanceOf(QueryError);
    expect(err.code).toBe(1080);
    expect(settledAfterAbort).toBeLessThan(100);
  }, 30_000);
});
