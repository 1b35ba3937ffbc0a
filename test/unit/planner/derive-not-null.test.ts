/**
 * The IS NOT NULL condition an inner ANSI join's ON equality implies for the first FROM term
 * (couchbase/query deriveNotNullFilter): with an index leading on the join key, the first term is
 * scanned through it (a span `null < key`), in index key order, and the rows are those of the
 * primary scan; an outer join or a key no index leads keeps the primary scan.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';

const docs = [
  { id: 'e1', name: 'Eliot', boss: 'Dev' },
  { id: 'e2', name: 'Ron', boss: 'Eliot' },
  { id: 'e3', name: 'Andrew', boss: 'Eliot' },
  { id: 'e4', name: 'Dev' },
  { id: 'e5', name: 'Nul', boss: null },
];

async function setup(): Promise<Database> {
  const db = await Database.open();
  await db.createKeyspace('emp');
  await db.load('emp', docs, { key: ((d: { id: string }) => d.id) as never });
  return db;
}

const firstScan = async (db: Database, q: string) => {
  const plan = (await db.query(`EXPLAIN ${q}`)).results[0] as { plan: { '~children': Record<string, unknown>[] } };
  return plan.plan['~children'][0]!;
};

describe('derived IS NOT NULL on the first term of an inner join', () => {
  it('scans the first term through an index leading on the join key, with the same rows', async () => {
    const db = await setup();
    const q = 'SELECT e.name, m.b FROM emp e JOIN [{"b": "Eliot"}, {"b": "Dev"}] AS m ON e.boss = m.b';
    const before = (await db.query(q)).results;
    expect((await firstScan(db, q))['#operator']).toBe('PrimaryScan3');
    await db.query('CREATE INDEX ix_boss ON emp(boss, name)');
    const scan = await firstScan(db, q);
    expect(scan['#operator']).toBe('IndexScan3');
    expect(scan.index).toBe('ix_boss');
    expect(scan.spans).toEqual([{ exact: true, range: [{ inclusion: 0, index_key: '`boss`', low: 'null' }] }]);
    const after = (await db.query(q)).results;
    expect(after).toHaveLength(3);
    expect(new Set(after.map((r) => JSON.stringify(r)))).toEqual(new Set(before.map((r) => JSON.stringify(r))));
    // In index key order: the reports of Dev, then Eliot's by name (Andrew before Ron).
    expect(after.map((r) => (r as { name: string }).name)).toEqual(['Eliot', 'Andrew', 'Ron']);
  });

  it('leaves an outer join and a key no index leads on the primary scan', async () => {
    const db = await setup();
    await db.query('CREATE INDEX ix_name_boss ON emp(name, boss)');
    expect((await firstScan(db, 'SELECT e.name FROM emp e LEFT JOIN [1] AS m ON e.boss = m'))['#operator']).toBe('PrimaryScan3');
    expect((await firstScan(db, 'SELECT e.name FROM emp e JOIN [1] AS m ON e.boss = m'))['#operator']).toBe('PrimaryScan3');
  });
});
