/**
 * `durability_level` on a bucket with replicas: tokenql is one node, so a level that waits for a
 * majority of copies cannot be met and each write fails with DURABILITY_IMPOSSIBLE (the
 * reference suite's gsi/durability durability_neg.json #1–#4: its `customer` bucket has a
 * replica on a one-node cluster; the expected text is "DURABILITY_IMPOSSIBLE" and the key is not
 * written). On a bucket without replicas every level is met (durability.json, the suite's rows).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { durabilityImpossible } from '../../../src/executor/durability.js';

let db: Database;
beforeEach(async () => {
  db = await Database.open();
  await db.createKeyspace('customer');
  await db.createKeyspace('orders');
  db.bucketReplicas = (b) => (b === 'customer' ? 1 : 0);
});
afterEach(() => db.close());

async function errorOf(p: Promise<unknown>): Promise<QueryError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(QueryError);
  return err as QueryError;
}

describe('durability_level with replicas on one node', () => {
  it.each(['majority', 'majorityAndPersistActive', 'persistToMajority'] as const)('%s: INSERT fails, nothing is written', async (level) => {
    const e = await errorOf(db.query("INSERT INTO customer VALUES ('dura002',{'a':'dura002'})", { durabilityLevel: level }));
    expect(e.code).toBe(12009);
    expect(e.message).toContain('DURABILITY_IMPOSSIBLE');
    expect(e.message).toContain('Failed to perform INSERT on key dura002');
    expect((await db.query("SELECT d.a FROM customer AS d USE KEYS ['dura002']")).results).toEqual([]);
  });

  it('UPDATE, UPSERT and DELETE are refused too; reads and level none are not', async () => {
    await db.query("INSERT INTO customer VALUES ('k',{'a':1})");
    for (const s of ["UPDATE customer USE KEYS 'k' SET a = 2", "UPSERT INTO customer VALUES ('k',{'a':3})", "DELETE FROM customer USE KEYS 'k'"]) {
      expect((await errorOf(db.query(s, { durabilityLevel: 'majority' }))).message).toContain('DURABILITY_IMPOSSIBLE');
    }
    expect((await db.query("SELECT RAW a FROM customer USE KEYS 'k'", { durabilityLevel: 'majority' })).results).toEqual([1]);
    await db.query("UPDATE customer USE KEYS 'k' SET a = 4", { durabilityLevel: 'none' });
    expect((await db.query("SELECT RAW a FROM customer USE KEYS 'k'")).results).toEqual([4]);
  });

  it('a bucket without replicas meets every level', async () => {
    await db.query("INSERT INTO orders VALUES ('dura002',{'a':'dura002'})", { durabilityLevel: 'persistToMajority' });
    expect((await db.query("SELECT d.a FROM orders AS d USE KEYS ['dura002']")).results).toEqual([{ a: 'dura002' }]);
  });
});

describe('durabilityImpossible', () => {
  it.each<[Parameters<typeof durabilityImpossible>[0], number, boolean]>([
    [undefined, 1, false],
    ['none', 2, false],
    ['majority', 0, false],
    ['majority', 1, true],
    ['persistToMajority', 3, true],
  ])('%s with %d replicas: impossible %s', (level, replicas, impossible) => {
    expect(durabilityImpossible(level, replicas) !== undefined).toBe(impossible);
  });
});
