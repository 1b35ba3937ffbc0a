/**
 * A covering index scan with a subquery in the block: one that does not read the block's
 * documents (uncorrelated) runs apart and does not stop covering; one that reads them does.
 * Expected: the suite's EXPLAIN checks gsi/cover case_cover8.json#2 (`ARRAY_LENGTH(v.covers) > 0`)
 * and #3 (`v.covers IS MISSING`), and the rows the reference gives for the first query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

type Node = Record<string, unknown>;
let db: Database;
beforeAll(async () => {
  db = await Database.open();
  await db.createKeyspace('shellTest');
  await db.query('CREATE INDEX ixCover23 ON shellTest(field1)');
  await db.query('INSERT INTO shellTest VALUES ("a", {"field1": 1, "field2": 2})');
});
afterAll(() => db.close());

/** The IndexScan3 of the statement's plan. */
async function scanOf(statement: string): Promise<Node> {
  const plan = (await db.query(`EXPLAIN ${statement}`)).results[0] as { plan: Node };
  const found: Node[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (!n || typeof n !== 'object') return;
    if ((n as Node)['#operator'] === 'IndexScan3') found.push(n as Node);
    Object.values(n).forEach(walk);
  };
  walk(plan.plan);
  return found[0]!;
}

describe('covering with subqueries', () => {
  const uncorrelated = 'SELECT field1, ( SELECT * FROM [1,2,3] arr) AS sq FROM shellTest WHERE field1 IS NOT MISSING';
  it('an uncorrelated subquery keeps the scan covering', async () => {
    expect((await scanOf(uncorrelated)).covers).toEqual(['cover ((`shellTest`.`field1`))', 'cover ((meta(`shellTest`).`id`))']);
    expect((await db.query(uncorrelated)).results).toEqual([{ field1: 1, sq: [{ arr: 1 }, { arr: 2 }, { arr: 3 }] }]);
  });

  it('a subquery reading the document does not', async () => {
    expect((await scanOf('SELECT field1 FROM shellTest s LET var = ( SELECT s.field1, * FROM s s1 ) WHERE field1 IS NOT MISSING')).covers).toBeUndefined();
  });
});
